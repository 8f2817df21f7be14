import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { bookingStatuses, bookingStatusLabel } from '@core/domain/booking-status.ts';
import { roles } from '@core/domain/roles.ts';
import { adminUserListLimit } from '@core/schemas/admin.ts';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBookings } from '@/components/booking/api/get-bookings.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { OperatorFigures } from '../components/operator-figures.tsx';
import { roleLabel } from '../components/user-role-badge.tsx';

function countBy<T, K extends string>(items: readonly T[], key: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/** /admin: today's and this week's bookings and money and who waits for approval, then accounts by role and bookings by status. */
export default function AdminOverviewPage() {
  const users = useAdminUsers();
  const bookings = useBookings();

  return (
    <div className="grid gap-6 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Admin overview</h1>
      <OperatorFigures />

      <OverviewSection id="admin-users-heading" title="Users" href="/admin/users" linkLabel="Manage users">
        {users.isPending ? (
          <CountsSkeleton label="Loading users" rows={3} />
        ) : users.isError ? (
          <ErrorState message="We couldn't load the users." onRetry={() => users.refetch()} />
        ) : (
          <CountList
            total={users.data.length >= adminUserListLimit ? `${adminUserListLimit}+` : String(users.data.length)}
            rows={(() => {
              const counts = countBy(users.data, (u) => u.role);
              return roles.map((role) => ({ label: roleLabel(role), count: counts.get(role) ?? 0, href: `/admin/users?role=${role}` }));
            })()}
            note={users.data.length >= adminUserListLimit ? `Counts cover the newest ${adminUserListLimit} accounts.` : undefined}
          />
        )}
      </OverviewSection>

      <OverviewSection id="admin-bookings-heading" title="Bookings" href="/admin/bookings" linkLabel="View all bookings">
        {bookings.isPending ? (
          <CountsSkeleton label="Loading bookings" rows={4} />
        ) : bookings.isError ? (
          <ErrorState message="We couldn't load the bookings." onRetry={() => bookings.refetch()} />
        ) : bookings.data.length === 0 ? (
          <p className="text-sm text-neutral-600">No bookings yet.</p>
        ) : (
          <CountList
            total={String(bookings.data.length)}
            rows={(() => {
              const counts = countBy(bookings.data, (b) => b.status);
              return bookingStatuses
                .filter((status) => counts.has(status))
                .map((status) => ({ label: bookingStatusLabel(status), count: counts.get(status) ?? 0 }));
            })()}
          />
        )}
      </OverviewSection>
    </div>
  );
}

function OverviewSection({
  id,
  title,
  href,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  href: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="grid gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold text-neutral-900">
            {title}
          </h2>
          <Link href={href} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            {linkLabel}
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </div>
        {children}
      </Card>
    </section>
  );
}

type CountRow = { label: string; count: number; href?: string };

function CountList({ total, rows, note }: { total: string; rows: CountRow[]; note?: string }) {
  return (
    <div className="grid gap-2">
      <p className="text-3xl font-semibold text-neutral-900 tabular-nums">
        {total} <span className="text-sm font-normal text-neutral-600">in total</span>
      </p>
      <dl className="divide-y divide-neutral-100">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between py-2 text-sm">
            <dt className="text-neutral-700">
              {row.href ? (
                <Link href={row.href} className="text-brand-700 underline-offset-2 hover:underline">
                  {row.label}
                </Link>
              ) : (
                row.label
              )}
            </dt>
            <dd className="font-semibold text-neutral-900 tabular-nums">{row.count}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="text-xs text-neutral-600">{note}</p>}
    </div>
  );
}

function CountsSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div className="grid gap-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-9 w-24" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex justify-between py-2" aria-hidden>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-8" />
        </div>
      ))}
    </div>
  );
}
