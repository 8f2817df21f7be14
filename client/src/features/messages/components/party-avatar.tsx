import { useState } from 'react';
import { Headset } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

/** 'Gloss Boss Mobile Detailing' -> 'GB'; 'casey' -> 'C'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

type PartyAvatarProps = { name: string; avatarUrl: string | null; isSupport?: boolean; className?: string };

/** The other party's picture, else their initials; decorative (their name is always written next to it). */
export function PartyAvatar({ name, avatarUrl, isSupport = false, className }: PartyAvatarProps) {
  const [isBroken, setIsBroken] = useState(false);
  const classes = cn('flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (isSupport) {
    return (
      <span aria-hidden="true" className={cn(classes, 'bg-brand-600 text-white')}>
        <Headset className="size-1/2" />
      </span>
    );
  }
  if (avatarUrl && !isBroken) {
    return <img src={avatarUrl} alt="" className={cn(classes, 'bg-neutral-100 object-cover')} onError={() => setIsBroken(true)} />;
  }
  return (
    <span aria-hidden="true" className={cn(classes, 'bg-brand-50 text-sm font-semibold text-brand-700')}>
      {initialsOf(name) || '?'}
    </span>
  );
}
