export type ClassValue = string | false | null | undefined;

/** Joins the truthy class names; conditional classes read as `cn('a', isOpen && 'b')`. */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
