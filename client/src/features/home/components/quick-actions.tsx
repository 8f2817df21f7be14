import { CalendarDays, Car, MessageSquare, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';

const quickActions: { label: string; href: string; icon: LucideIcon }[] = [
  { label: 'Quick Book', href: '/smart-booking', icon: Zap },
  { label: 'My Bookings', href: '/bookings', icon: CalendarDays },
  { label: 'My Cars', href: '/garage', icon: Car },
  { label: 'Messages', href: '/messages', icon: MessageSquare },
];

export function QuickActions() {
  return (
    <ul className="grid grid-cols-4 gap-2">
      {quickActions.map(({ label, href, icon: Icon }) => (
        <li key={href}>
          <Link
            href={href}
            className="flex h-full min-h-20 flex-col items-center justify-center gap-2 rounded-card bg-surface px-1 py-3 text-center text-xs font-medium text-neutral-800 shadow-card transition-colors hover:bg-brand-50"
          >
            <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-5" />
            </span>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
