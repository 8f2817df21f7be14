import { BadgeCheck, CalendarDays, CheckCircle2, Clock, ShieldCheck } from 'lucide-react';
import { dayLabel, monthLabel, responseTimeText, verifiedJobDetail, verifiedJobLabel } from '@core/domain/trust.ts';
import type { DetailerTrust, PortfolioImage } from '@core/schemas/trust.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useDetailerTrust } from '../api/get-detailer-trust.ts';

/** The figures and badges under the detailer's name: each computed by the server (decision 050). */
export function DetailerTrustFacts({ detailerId }: { detailerId: number }) {
  const trust = useDetailerTrust(detailerId);
  if (trust.isPending) return <Skeleton className="h-16 w-full" />;
  if (!trust.data) return null;
  return <TrustFacts trust={trust.data} />;
}

function TrustFacts({ trust }: { trust: DetailerTrust }) {
  return (
    <div className="grid w-full gap-3">
      {trust.badges.length > 0 && (
        <ul aria-label="Verified by Glossly" className="flex flex-wrap justify-center gap-2">
          {trust.badges.map((badge) => (
            <li
              key={badge.kind}
              className="inline-flex items-center gap-1.5 rounded-full bg-success-100 px-3 py-1 text-sm font-medium text-success-800"
            >
              <ShieldCheck aria-hidden className="size-4" />
              {badge.label}
              <span className="font-normal">· until {dayLabel(badge.expiresOn)}</span>
            </li>
          ))}
        </ul>
      )}
      <ul aria-label="About this detailer" className="grid gap-1.5 text-left text-sm text-neutral-700">
        <li className="flex items-center gap-2">
          <CheckCircle2 aria-hidden className="size-4 shrink-0 text-brand-700" />
          {trust.jobsCompleted === 1 ? '1 job completed on Glossly' : `${trust.jobsCompleted} jobs completed on Glossly`}
        </li>
        {trust.responseHours !== null && (
          <li className="flex items-center gap-2">
            <Clock aria-hidden className="size-4 shrink-0 text-brand-700" />
            {responseTimeText(trust.responseHours)}
          </li>
        )}
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-brand-700" />
          Member since {monthLabel(trust.memberSince)}
        </li>
      </ul>
    </div>
  );
}

function PairImage({ image, label }: { image: PortfolioImage; label: string }) {
  return (
    <figure className="relative">
      <img
        src={`${image.url}?w=320`}
        alt={label}
        width={image.width}
        height={image.height}
        loading="lazy"
        className="aspect-square w-full rounded-control bg-neutral-100 object-cover"
      />
      <figcaption className="absolute bottom-1 left-1 rounded-full bg-neutral-900/75 px-2 py-0.5 text-xs font-medium text-white">
        {label}
      </figcaption>
    </figure>
  );
}

/** Before and after pairs of verified jobs, shown with the customer's consent; nothing when there are none. */
export function DetailerPortfolio({ detailerId }: { detailerId: number }) {
  const trust = useDetailerTrust(detailerId);
  const pairs = trust.data?.portfolio ?? [];
  if (pairs.length === 0) return null;
  return (
    <section aria-labelledby="detailer-portfolio">
      <h2 id="detailer-portfolio" className="mb-3 text-lg font-semibold text-neutral-900">
        Before and after
      </h2>
      <ul className="grid gap-4">
        {pairs.map((pair) => (
          <li key={pair.id} className="grid gap-2 rounded-card bg-surface p-3 shadow-card">
            <div className="grid grid-cols-2 gap-2">
              <PairImage image={pair.before} label="Before" />
              <PairImage image={pair.after} label="After" />
            </div>
            <p className="flex flex-wrap items-center gap-x-2 text-sm">
              <span className="inline-flex items-center gap-1 font-medium text-success-800">
                <BadgeCheck aria-hidden className="size-4" />
                {verifiedJobLabel}
              </span>
              <span className="text-neutral-600">{verifiedJobDetail(pair.serviceName, pair.month)}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
