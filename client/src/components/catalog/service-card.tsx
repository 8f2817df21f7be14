import { Link } from 'wouter';
import type { Service } from '@core/schemas/catalog.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { fromPrice } from './catalog-format.ts';
import { stretchedLinkClasses } from './stretched-link.ts';

export interface ServiceCardProps {
  service: Service;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** A service tile: the card opens the service, Quick Book goes straight to checkout, Details to the service. */
export function ServiceCard({ service, headingLevel: Heading = 'h3', className }: ServiceCardProps) {
  return (
    <article
      className={cn(
        'relative flex flex-col overflow-hidden rounded-card bg-surface shadow-card transition-shadow hover:shadow-raised',
        className,
      )}
    >
      <img
        src={service.imageUrl}
        alt=""
        width={320}
        height={200}
        loading="lazy"
        decoding="async"
        className="aspect-[8/5] h-auto w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 text-sm leading-5 font-semibold text-neutral-900">
          <Link href={`/services/${service.id}`} className={stretchedLinkClasses}>
            {service.name}
          </Link>
        </Heading>
        <p className="text-sm font-medium text-brand-700">{fromPrice(service.price)}</p>
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <Button asChild variant="accent" className="relative z-10 w-full">
            <Link href={`/quick-checkout/${service.id}`}>
              Quick Book<span className="sr-only">: {service.name}</span>
            </Link>
          </Button>
          <Button asChild variant="secondary" className="relative z-10 w-full">
            <Link href={`/services/${service.id}`}>
              Details<span className="sr-only">: {service.name}</span>
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
