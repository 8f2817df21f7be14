import { Car } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** A car's photo (the 320 px width), or a car icon without one. Decorative: the car's name is beside it. */
export function VehiclePhoto({ photoUrl, className }: { photoUrl: string | null; className?: string }) {
  const box = cn('flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-control bg-brand-50 text-brand-700', className);
  if (!photoUrl) {
    return (
      <div aria-hidden className={box}>
        <Car className="size-6" />
      </div>
    );
  }
  return (
    <div className={box}>
      <img src={`${photoUrl}?w=320`} alt="" loading="lazy" className="size-full object-cover" />
    </div>
  );
}
