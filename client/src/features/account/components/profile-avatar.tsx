import { cn } from '@/lib/cn.ts';

/** The first letters of the first two words of a name: 'Jordan Lee' is 'JL'. */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The profile photo when there is one (the 320 px version), else the initials on the brand tint. */
export function ProfileAvatar({ name, avatarUrl, className }: { name: string; avatarUrl: string | null; className?: string }) {
  const classes = cn(
    'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-xl font-semibold text-brand-700',
    className,
  );
  if (avatarUrl) {
    return <img src={`${avatarUrl}?w=320`} alt="" width={64} height={64} className={cn(classes, 'object-cover')} />;
  }
  return (
    <span aria-hidden className={classes}>
      {initials(name)}
    </span>
  );
}
