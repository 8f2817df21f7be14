import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, ImagePlus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { acceptAttribute, imageFileProblem, uploadImage, type Upload } from './api/upload-image.ts';

export interface ImageUploadProps {
  /** What the image is, shown above the area and read as the picker's name: 'Car photo', 'Profile photo'. */
  label: string;
  /** The image already saved (an upload's url), shown until another is chosen. */
  currentUrl?: string | null;
  /** Called once the server has stored the image: attach `upload.id` to whatever it belongs to. */
  onUploaded: (upload: Upload) => void;
  /** Offered as 'Remove photo' when given and there is an image to remove. */
  onRemove?: () => void;
  /** When given, a chosen image is handed here instead of being sent (a job without signal, decision 049). */
  onKeepOnPhone?: (file: File) => void;
  className?: string;
}

type Status = 'idle' | 'uploading' | 'done' | 'error';

/**
 * One image picker for the whole app (decision 019): drop a file on the area, or tap it to choose one (the camera
 * first on a phone). The type and size are checked here before anything is sent; then a progress bar, a preview,
 * and the server's own message if it refuses.
 */
export function ImageUpload({ label, currentUrl, onUploaded, onRemove, onKeepOnPhone, className }: ImageUploadProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  // The saved image the user removed: hidden until the owner passes another one.
  const [removedUrl, setRemovedUrl] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  // A chosen file's preview lives in memory until another replaces it or the picker goes away.
  useEffect(() => {
    if (!localPreview) return undefined;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function send(file: File) {
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      setStatus('error');
      return;
    }
    if (onKeepOnPhone) {
      onKeepOnPhone(file);
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    setStatus('uploading');
    setLocalPreview(URL.createObjectURL(file));
    try {
      const upload = await uploadImage(file, setProgress, controller.signal);
      if (controller.signal.aborted) return;
      setProgress(1);
      setStatus('done');
      onUploaded(upload);
    } catch (cause) {
      if (controller.signal.aborted) return;
      setStatus('error');
      setLocalPreview(null);
      setError(errorMessage(cause, 'The image could not be uploaded; please try again'));
    }
  }

  function pick(files: FileList | null) {
    const file = files?.[0];
    if (file) void send(file);
    // The same file chosen twice in a row still fires change.
    if (inputRef.current) inputRef.current.value = '';
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (status !== 'uploading') pick(event.dataTransfer.files);
  }

  function remove() {
    abortRef.current?.abort();
    setLocalPreview(null);
    setStatus('idle');
    setError(null);
    setRemovedUrl(currentUrl ?? null);
    onRemove?.();
  }

  const preview = localPreview ?? (currentUrl && currentUrl !== removedUrl ? currentUrl : null);
  const isUploading = status === 'uploading';
  const percent = Math.round(progress * 100);

  return (
    <div className={cn('grid gap-2', className)}>
      <span className="text-sm font-medium text-neutral-900">{label}</span>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={drop}
        className={cn(
          'relative flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-card border-2 border-dashed p-4 text-center',
          'border-neutral-300 bg-neutral-50 transition-colors duration-150 hover:border-brand-400 hover:bg-brand-50 motion-reduce:transition-none',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
          isDragging && 'border-brand-600 bg-brand-50',
          status === 'error' && 'border-danger-600',
          isUploading && 'cursor-progress',
        )}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptAttribute}
          capture="environment"
          className="sr-only"
          aria-label={label}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={status === 'error' || undefined}
          disabled={isUploading}
          onChange={(event) => pick(event.target.files)}
        />
        {preview ? (
          <img src={preview} alt={`Preview of ${label.toLowerCase()}`} className="max-h-56 w-auto rounded-control object-contain" />
        ) : (
          <ImagePlus aria-hidden className="size-8 text-brand-600" />
        )}
        <span className="text-sm font-medium text-brand-700">
          {preview ? 'Tap or drop to choose another photo' : 'Tap to take or choose a photo, or drop one here'}
        </span>
        <span id={hintId} className="text-xs text-neutral-600">
          JPEG, PNG or WebP, up to 8 MB
        </span>
      </label>

      {(isUploading || status === 'done') && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`Uploading ${label.toLowerCase()}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={status === 'done' ? 'Upload complete' : `${percent}% sent`}
            className="h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="h-full bg-brand-600 transition-[width] duration-150 motion-reduce:transition-none"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p aria-live="polite" className="flex items-center gap-1 text-xs text-neutral-600">
            {status === 'done' ? (
              <>
                <CheckCircle2 aria-hidden className="size-4 text-success-700" /> Upload complete
              </>
            ) : (
              `Uploading... ${percent}%`
            )}
          </p>
        </div>
      )}

      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}

      {onRemove && preview && !isUploading && (
        <Button variant="ghost" size="md" className="justify-self-start" onClick={remove}>
          <Trash2 aria-hidden /> Remove photo
        </Button>
      )}
    </div>
  );
}
