import { useRef, useState, type PointerEvent } from 'react';
import type { BlurRegion } from '@core/schemas/trust.ts';

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * A photo on which the detailer drags a rectangle to blur (a plate, a face, a house number). The region is kept in
 * fractions of the photo, which is what the server blurs; the server makes the blurred copy, this only shows where.
 */
export function BlurPicker({
  src,
  label,
  region,
  onChange,
}: {
  src: string;
  label: string;
  region: BlurRegion | null;
  onChange: (region: BlurRegion | null) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);

  const pointAt = (event: PointerEvent) => {
    const box = frame.current!.getBoundingClientRect();
    return { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
  };
  const regionTo = (from: { x: number; y: number }, to: { x: number; y: number }): BlurRegion => ({
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    width: Math.abs(to.x - from.x),
    height: Math.abs(to.y - from.y),
  });

  return (
    <div
      ref={frame}
      role="img"
      aria-label={region ? `${label}, with an area to blur` : label}
      className="relative touch-none overflow-hidden rounded-control bg-neutral-100 select-none"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        setStart(pointAt(event));
      }}
      onPointerMove={(event) => {
        if (start) onChange(regionTo(start, pointAt(event)));
      }}
      onPointerUp={(event) => {
        if (!start) return;
        const next = regionTo(start, pointAt(event));
        setStart(null);
        // A tap is not a region.
        onChange(next.width > 0.02 && next.height > 0.02 ? next : null);
      }}
    >
      <img src={`${src}?w=640`} alt="" draggable={false} className="block aspect-square w-full object-cover" />
      {region && (
        <div
          aria-hidden
          className="absolute border-2 border-white bg-neutral-900/40 backdrop-blur-md"
          style={{
            left: `${region.x * 100}%`,
            top: `${region.y * 100}%`,
            width: `${region.width * 100}%`,
            height: `${region.height * 100}%`,
          }}
        />
      )}
    </div>
  );
}
