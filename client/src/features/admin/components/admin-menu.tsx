import { useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn.ts';

/** Every admin page, in the order an admin works through them. */
export const adminMenuItems = [
  { label: 'Overview', href: '/admin' },
  { label: 'Users', href: '/admin/users' },
  { label: 'Services', href: '/admin/services' },
  { label: 'Bookings', href: '/admin/bookings' },
  { label: 'Messages', href: '/admin/messages' },
  { label: 'Documents', href: '/admin/documents' },
  { label: 'Notifications', href: '/admin/notifications' },
  { label: 'Marketing', href: '/admin/marketing' },
  { label: 'Plans', href: '/admin/subscription-plans' },
  { label: 'Settings', href: '/admin/settings' },
] as const;

/**
 * Which item a path belongs to: its own page ('page') or a page below it ('section': /admin/marketing/campaigns is
 * in Marketing). Overview is /admin alone, or it would hold every admin page.
 */
export function adminMenuMatch(href: string, path: string): 'page' | 'section' | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === href) return 'page';
  if (href !== '/admin' && clean.startsWith(`${href}/`)) return 'section';
  return null;
}

/** The admin's way between admin pages: one row of links that scrolls sideways on a phone. */
export function AdminMenu() {
  const [path] = useLocation();
  const scroller = useRef<HTMLUListElement>(null);

  // A page opens with its own link in view, even when it sits past the phone's edge (Plans, Settings).
  useLayoutEffect(() => {
    const list = scroller.current;
    const active = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !active) return;
    const left = active.offsetLeft; // the list is the link's offset parent (relative)
    if (left < list.scrollLeft || left + active.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, left - (list.clientWidth - active.offsetWidth) / 2);
    }
  }, [path]);

  return (
    <nav aria-label="Admin menu" className="border-b border-neutral-200 bg-surface">
      <ul ref={scroller} className="relative flex gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:thin]">
        {adminMenuItems.map((item) => {
          const match = adminMenuMatch(item.href, path);
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={match === 'page' ? 'page' : match === 'section' ? 'true' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors duration-150',
                  match ? 'bg-brand-600 text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200 hover:text-neutral-900',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
