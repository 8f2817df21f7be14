import type { PhotoPhase } from '@core/domain/proof.ts';
import type { BookingPhoto } from '@core/schemas/proof.ts';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/cn.ts';

const phaseWord: Record<PhotoPhase, string> = { before: 'Before', after: 'After' };

/** 'After photo 1 of Basic Exterior Wash': the photo's alt text and its dialog's title. */
export function proofPhotoName(phase: PhotoPhase, position: number, serviceName: string) {
  return `${phaseWord[phase]} photo ${position} of ${serviceName}`;
}

/** A width of the stored photo; a photo still on the phone (decision 049) is its own bytes, one size. */
const sized = (url: string, width: number) => (url.startsWith('blob:') ? url : `${url}?w=${width}`);

/** A job photo as a thumbnail (the 320 px version) that opens larger in a dialog when tapped. */
export function ProofPhoto({ photo, name, className }: { photo: BookingPhoto; name: string; className?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className={cn(
            'block w-full overflow-hidden rounded-control bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            className,
          )}
        >
          <img src={sized(photo.url, 320)} alt={name} loading="lazy" className="aspect-[4/3] w-full object-cover" />
        </button>
      </DialogTrigger>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>{name}</DialogTitle>
        <img
          src={sized(photo.url, 800)}
          srcSet={photo.url.startsWith('blob:') ? undefined : `${photo.url}?w=800 800w, ${photo.url}?w=1600 1600w`}
          sizes="(min-width: 640px) 32rem, 100vw"
          alt={name}
          className="mt-4 max-h-[70dvh] w-full rounded-control bg-neutral-100 object-contain"
        />
      </DialogContent>
    </Dialog>
  );
}
