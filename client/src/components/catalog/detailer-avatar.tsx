import { cn } from '@/lib/cn.ts';
import { defaultDetailerImageUrl } from './catalog-format.ts';

/** The avatar sizes the screens use, in CSS pixels, with their Tailwind size class. */
const sizeClasses = { 40: 'size-10', 48: 'size-12', 56: 'size-14', 64: 'size-16', 96: 'size-24' } as const;

type Props = {
  /** The detailer's photo; the default picture when they have none. */
  avatarUrl: string | null | undefined;
  size: keyof typeof sizeClasses;
  /** In a list that scrolls: the photo loads when it nears the screen. */
  isLazy?: boolean;
};

/** A detailer's round photo. Decorative (empty alt): their name always stands beside it. */
export function DetailerAvatar({ avatarUrl, size, isLazy = false }: Props) {
  return (
    <img
      src={avatarUrl ?? defaultDetailerImageUrl}
      alt=""
      width={size}
      height={size}
      loading={isLazy ? 'lazy' : undefined}
      decoding={isLazy ? 'async' : undefined}
      className={cn(sizeClasses[size], 'shrink-0 rounded-full bg-neutral-100 object-cover')}
    />
  );
}
