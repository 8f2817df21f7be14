import { useId, useState } from 'react';
import { X } from 'lucide-react';
import type { Booking } from '@core/schemas/booking.ts';
import { maxPhotosPerPhase, type PhotoPhase } from '@core/domain/proof.ts';
import type { BookingPhoto, BookingProof } from '@core/schemas/proof.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useAddBookingPhoto } from './api/add-booking-photo.ts';
import { useRemoveBookingPhoto } from './api/remove-booking-photo.ts';
import { useSetChecklistItem } from './api/set-checklist-item.ts';
import { ChecklistHeading } from './checklist-heading.tsx';
import { ProofPhoto, proofPhotoName } from './proof-photo.tsx';
import { useOfflineJob } from './offline-job.tsx';

const phaseTitle: Record<PhotoPhase, string> = { before: 'Before', after: 'After' };
const pickerLabel: Record<PhotoPhase, string> = { before: 'Add a before photo', after: 'Add an after photo' };
const emptyText: Record<PhotoPhase, string> = {
  before: 'No before photos yet: show the car as you found it.',
  after: 'No after photos yet: at least one is needed to complete the job.',
};

/**
 * The detailer's proof of service on a job under way: before and after photos (taken with the phone's camera) and
 * the service's checklist. The customer sees each change live; Complete waits for an after photo and every tick.
 */
export function ProofEditor({ booking, proof }: { booking: Booking; proof: BookingProof }) {
  return (
    <Card className="grid gap-6 p-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-neutral-900">Proof of service</h2>
        <p className="text-sm text-neutral-600">
          The customer sees these as you add them. Complete needs at least one after photo and every checklist item ticked.
        </p>
      </div>
      {(['before', 'after'] as const).map((phase) => (
        <PhotoGroup key={phase} booking={booking} phase={phase} photos={proof.photos.filter((photo) => photo.phase === phase)} />
      ))}
      <ChecklistEditor booking={booking} proof={proof} />
    </Card>
  );
}

function PhotoGroup({ booking, phase, photos }: { booking: Booking; phase: PhotoPhase; photos: BookingPhoto[] }) {
  const headingId = useId();
  const add = useAddBookingPhoto(booking.id);
  const offline = useOfflineJob(booking.id);
  // A new picker after each photo is attached: the list shows the photo, the picker is ready for the next one.
  const [pickerKey, setPickerKey] = useState(0);
  const isFull = photos.length >= maxPhotosPerPhase;

  function attach(uploadId: number) {
    add.mutate(
      { uploadId, phase },
      {
        onSuccess: () => {
          setPickerKey((key) => key + 1);
          toast({ title: `${phaseTitle[phase]} photo added`, description: 'The customer can see it now.' });
        },
        onError: (error) =>
          toast({ title: "Couldn't add the photo", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-neutral-900">
          {phaseTitle[phase]}
        </h3>
        <span className="text-xs text-neutral-600">
          {photos.length} of {maxPhotosPerPhase}
        </span>
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2">
          {photos.map((photo, index) => {
            const name = proofPhotoName(phase, index + 1, booking.serviceName);
            return (
              <li key={photo.id} className="relative">
                <ProofPhoto photo={photo} name={name} />
                <RemovePhotoDialog bookingId={booking.id} photo={photo} name={name} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">{emptyText[phase]}</p>
      )}
      {isFull ? (
        <p className="text-sm text-neutral-600">{maxPhotosPerPhase} photos is the most a job takes: remove one to add another.</p>
      ) : (
        <ImageUpload
          key={pickerKey}
          label={pickerLabel[phase]}
          onUploaded={(upload) => attach(upload.id)}
          // Without signal (decision 049) the photo's bytes wait on the phone and it shows in the list at once.
          onKeepOnPhone={
            offline.shouldQueue
              ? (file) => {
                  void offline.keep({ kind: 'photo', phase }, file);
                  setPickerKey((key) => key + 1);
                }
              : undefined
          }
        />
      )}
      {add.isPending && (
        <p aria-live="polite" className="text-xs text-neutral-600">
          Adding the photo to the job...
        </p>
      )}
    </section>
  );
}

/** Remove, confirmed first: the customer stops seeing the photo at once. */
function RemovePhotoDialog({ bookingId, photo, name }: { bookingId: number; photo: BookingPhoto; name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useRemoveBookingPhoto(bookingId);

  function confirm() {
    remove.mutate(photo.id, {
      onSuccess: () => setIsOpen(false),
      onError: (error) =>
        toast({ title: "Couldn't remove the photo", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="icon" className="absolute top-1 right-1 rounded-full shadow-card" aria-label={`Remove ${name}`}>
          <X aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Remove this photo?</DialogTitle>
        <DialogDescription>{name} will no longer be shown to the customer.</DialogDescription>
        <img src={`${photo.url}?w=320`} alt="" className="mt-4 aspect-[4/3] w-32 rounded-control object-cover" />
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={remove.isPending}>
            Keep photo
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove photo'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ChecklistEditor({ booking, proof }: { booking: Booking; proof: BookingProof }) {
  const headingId = useId();
  const idPrefix = useId();
  const setItem = useSetChecklistItem(booking.id);
  const offline = useOfflineJob(booking.id);
  const canTick = booking.status === 'in_progress';

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <ChecklistHeading id={headingId} items={proof.checklist} />
      {proof.checklist.length === 0 ? (
        <p className="text-sm text-neutral-600">
          {canTick ? 'This service has no checklist.' : "The service's checklist appears here when you start the job."}
        </p>
      ) : (
        <ul className="grid">
          {proof.checklist.map((item, index) => {
            const id = `${idPrefix}-${item.id}`;
            const isSaving = setItem.isPending && setItem.variables?.itemId === item.id;
            return (
              <li key={item.id} className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id={id}
                  checked={item.checked}
                  disabled={!canTick || isSaving}
                  onCheckedChange={(checked) =>
                    // Without signal (decision 049): by the item's place in the list, which Start copied in order.
                    offline.shouldQueue
                      ? void offline.keep({ kind: 'checklist', position: index + 1, checked })
                      : setItem.mutate(
                          { itemId: item.id, checked },
                          {
                            onError: (error) =>
                              toast({
                                title: "Couldn't update the checklist",
                                description: errorMessage(error, 'Please try again.'),
                                variant: 'destructive',
                              }),
                          },
                        )
                  }
                />
                <Label htmlFor={id} className="py-2 font-normal text-neutral-900">
                  {item.label}
                </Label>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
