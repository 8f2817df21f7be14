import { useId, type ReactNode } from 'react';

export interface ListPageProps {
  /** The page's h1, which also names the page's region. */
  title: string;
  /** Beside the title: usually the button that adds a row (most pages show it once the list has rows). */
  action?: ReactNode;
  /** The list, or its loading, error or empty state. */
  children: ReactNode;
}

/** A screen that is one list of the user's things (cars, places, cards, codes...): its title, its add button, the list. */
export function ListPage({ title, action, children }: ListPageProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 p-4">
      <div className="flex items-center justify-between gap-3">
        <h1 id={headingId} className="text-xl font-semibold text-neutral-900">
          {title}
        </h1>
        {action}
      </div>
      {children}
    </section>
  );
}
