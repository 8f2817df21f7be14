import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { messageBodyMaxLength, type MessagePhotoInput } from '@core/schemas/message.ts';
import { Button } from '@/components/ui/button.tsx';
import { fieldClasses } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import { photoAccept, photoProblem, readPhoto } from '../lib/photo-file.ts';

/** The counter shows from here on, so the limit never comes as a surprise. */
export const counterFrom = messageBodyMaxLength - 200;
// Five lines of 24 px type plus the field's padding: then the field scrolls.
const maxFieldHeightPx = 5 * 24 + 22;

const numberFormat = new Intl.NumberFormat('en-US');

type MessageComposerProps = {
  onSend: (body: string, photo?: MessagePhotoInput) => void;
  /** Names the field for screen readers: 'Message Gloss Boss'. */
  recipientName: string;
};

/** The field under a thread: grows to five lines, counts near the 2,000-character limit, takes one photo. */
export function MessageComposer({ onSend, recipientName }: MessageComposerProps) {
  const [body, setBody] = useState('');
  const [photo, setPhoto] = useState<MessagePhotoInput | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight + 2, maxFieldHeightPx)}px`;
  }, [body]);

  const length = body.trim().length;
  const isTooLong = length > messageBodyMaxLength;
  const canSend = !isTooLong && (length > 0 || photo !== null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(body.trim(), photo ?? undefined);
    setBody('');
    setPhoto(null);
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter writes a new line (as on a phone's keyboard); Ctrl or Cmd + Enter sends.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    if (problem) return;
    try {
      setPhoto(await readPhoto(file));
    } catch {
      setPhotoError('We could not read this photo. Try another one.');
    }
  };

  const describedBy = [length >= counterFrom ? `${id}-count` : null, photoError ? `${id}-photo-error` : null].filter(Boolean).join(' ');

  return (
    <form onSubmit={submit} className="grid gap-2 border-t border-neutral-200 bg-surface px-3 pt-2 pb-3">
      {photo && (
        <div className="flex items-start gap-2">
          <img
            src={`data:${photo.contentType};base64,${photo.data}`}
            alt="Photo to send"
            className="size-16 rounded-control object-cover"
          />
          <Button variant="ghost" size="sm" onClick={() => setPhoto(null)}>
            <X aria-hidden />
            Remove photo
          </Button>
        </div>
      )}
      {photoError && (
        <p id={`${id}-photo-error`} role="alert" className="text-sm text-danger-700">
          {photoError}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={photoAccept}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            void choosePhoto(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="ghost" size="icon" aria-label="Add a photo" onClick={() => fileInput.current?.click()}>
          <ImagePlus aria-hidden className="size-5!" />
        </Button>
        <label htmlFor={`${id}-body`} className="sr-only">
          Message {recipientName}
        </label>
        <textarea
          id={`${id}-body`}
          ref={field}
          rows={1}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a message…"
          aria-invalid={isTooLong || undefined}
          aria-describedby={describedBy || undefined}
          className={cn(fieldClasses, 'min-h-11 resize-none rounded-3xl py-2.5 leading-6')}
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={!canSend} className="rounded-full">
          <SendHorizontal aria-hidden className="size-5!" />
        </Button>
      </div>
      {length >= counterFrom && (
        <p
          id={`${id}-count`}
          aria-live="polite"
          className={cn('text-right text-xs tabular-nums', isTooLong ? 'font-medium text-danger-700' : 'text-neutral-600')}
        >
          {numberFormat.format(length)} / {numberFormat.format(messageBodyMaxLength)}
          {isTooLong && ` · ${numberFormat.format(length - messageBodyMaxLength)} over the limit`}
        </p>
      )}
    </form>
  );
}
