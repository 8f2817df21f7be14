import { BarChart3, Briefcase, CalendarClock, ChevronRight, ClipboardList, MapPinned, Megaphone, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

const areas: { href: string; label: string; description: string; icon: ReactNode }[] = [
  { href: '/detailer/bookings', label: 'Bookings', description: 'Every request and job', icon: <ClipboardList /> },
  { href: '/detailer/availability', label: 'Availability', description: 'Hours, days off and service area', icon: <CalendarClock /> },
  { href: '/detailer/services', label: 'Services', description: 'What you offer and for how much', icon: <Briefcase /> },
  {
    href: '/detailer/location-sharing',
    label: 'Location sharing',
    description: 'Let customers follow you on the way',
    icon: <MapPinned />,
  },
  { href: '/detailer/marketing', label: 'Marketing', description: 'Bring in more customers', icon: <Megaphone /> },
  { href: '/business', label: 'Business', description: 'Earnings, payouts and statements', icon: <Wallet /> },
  { href: '/business/dashboard', label: 'Charts', description: 'Revenue, busiest hours and returning customers', icon: <BarChart3 /> },
];

/** A way into each area of the detailer's work. */
export function DashboardLinks() {
  return (
    <nav aria-labelledby="areas-heading" className="grid gap-3">
      <h2 id="areas-heading" className="text-lg font-semibold text-neutral-900">
        Your business
      </h2>
      <ul className="grid gap-2">
        {areas.map((area) => (
          <li key={area.href}>
            <Link
              href={area.href}
              className="flex min-h-14 items-center gap-3 rounded-card bg-surface p-3 shadow-card hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-5"
              >
                {area.icon}
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="font-medium text-neutral-900">{area.label}</span>
                <span className="truncate text-xs text-neutral-600">{area.description}</span>
              </span>
              <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-500" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
