import type { ReactNode } from 'react';
import { CircleAlert, Flag } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { MessageText } from '../lib/message-text.tsx';

type MessageBubbleProps = {
  /** Right-hand side, brand colour: the reader's own message (or, for admins, Glossly Support's). */
  isOurs: boolean;
  body: string;
  /** A stored photo's URL, or a data URL while it is being sent. */
  photoSrc: string | null;
  senderName: string;
  /** Written above the bubble when more than two people can write (admins' views, support threads). */
  showSender?: boolean;
  /** The meta line under the bubble: time, Sending…, Seen, Retry, Report. */
  meta: ReactNode;
  isFailed?: boolean;
};

export function MessageBubble({ isOurs, body, photoSrc, senderName, showSender, meta, isFailed }: MessageBubbleProps) {
  return (
    <div className={cn('flex flex-col gap-1', isOurs ? 'items-end' : 'items-start')}>
      {showSender && <p className="px-1 text-xs font-medium text-neutral-600">{senderName}</p>}
      <div
        className={cn(
          'max-w-[85%] overflow-hidden rounded-2xl text-[15px] leading-snug',
          isOurs ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-surface text-neutral-900 shadow-card',
          isFailed && 'opacity-70',
        )}
      >
        {photoSrc && (
          <a href={photoSrc.startsWith('data:') ? undefined : photoSrc} target="_blank" rel="noopener noreferrer" className="block">
            <img
              src={photoSrc}
              alt={`Photo from ${isOurs ? 'you' : senderName}`}
              loading="lazy"
              className="max-h-72 w-full max-w-64 bg-neutral-100 object-cover"
            />
          </a>
        )}
        {/* wrap-anywhere, not break-words: a long word (a code, a pasted reference) must not widen the thread past the screen. */}
        {body && <MessageText text={body} className="px-3.5 py-2 whitespace-pre-wrap wrap-anywhere" />}
      </div>
      <div className={cn('flex min-h-6 flex-wrap items-center gap-x-2 px-1 text-xs text-neutral-600', isOurs && 'justify-end')}>{meta}</div>
    </div>
  );
}

/** A small text button of the meta line (Retry, Report): 24 px tall at least, as WCAG 2.2 asks. */
export function MetaButton({
  children,
  onClick,
  label,
  tone = 'neutral',
}: {
  children: ReactNode;
  onClick: () => void;
  label?: string;
  tone?: 'neutral' | 'danger';
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'inline-flex min-h-6 items-center gap-1 rounded-control px-1.5 font-medium underline-offset-2 hover:underline [&_svg]:size-3.5',
        tone === 'danger' ? 'text-danger-700' : 'text-neutral-700',
      )}
    >
      {children}
    </button>
  );
}

export function FailedNote({ error }: { error: string }) {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-danger-700">
      <CircleAlert aria-hidden className="size-3.5" />
      {error}
    </span>
  );
}

export const ReportIcon = Flag;
