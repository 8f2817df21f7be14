import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CircleAlert, Trash2 } from 'lucide-react';
import { claimDescriptionMax, claimDescriptionMin, claimPhotosMax, claimWindowHours, isWithinHours } from '@core/domain/after-the-job.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { Claim, CreateClaimFormInput, CreateClaimInput } from '@core/schemas/claim.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import type { Upload } from '@/components/upload/api/upload-image.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateClaim } from './api/create-claim.ts';
import { useBookingClaims } from './api/get-booking-claims.ts';

const resolver = schemaResolver<CreateClaimFormInput, CreateClaimInput>(() =>
  import('@core/schemas/claim.ts').then((schemas) => schemas.createClaimFormSchema),
);

const claimLooks: Record<Claim['status'], { label: string; variant: BadgeVariant }> = {
  open: { label: 'Under review', variant: 'warning' },
  resolved: { label: 'Resolved', variant: 'success' },
  rejected: { label: 'Closed', variant: 'neutral' },
};

function outcomeText(claim: Claim): string {
  if (claim.status === 'open') return "We're looking into it and will let you know.";
  const refund = claim.refundCents && claim.refundCents > 0 ? `${formatUsd(claim.refundCents)} was refunded to your card. ` : '';
  return `${refund}${claim.resolutionNote ?? ''}`.trim();
}

/** The problem the customer reported most recently, with where it stands. */
function ClaimStatus({ claim }: { claim: Claim }) {
  const look = claimLooks[claim.status];
  return (
    <Card className="grid gap-2 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-neutral-900">Problem reported</h2>
        <Badge variant={look.variant}>{look.label}</Badge>
      </div>
      <p className="line-clamp-3 text-sm whitespace-pre-line text-neutral-700">{claim.description}</p>
      <p className="text-sm text-neutral-900">{outcomeText(claim)}</p>
    </Card>
  );
}

/**
 * 'Report a problem' on a completed booking, for its customer, within 48 hours of completion: what went wrong and
 * up to 6 photos; admins answer it. Afterwards the claim's status shows here (one open claim at a time).
 */
export function ReportProblem({ bookingId, completedAt, now = new Date() }: { bookingId: number; completedAt: string; now?: Date }) {
  const claims = useBookingClaims(bookingId);
  const latest = claims.data?.[0];
  const isOpen = latest?.status === 'open';
  const canReport = !isOpen && isWithinHours(completedAt, claimWindowHours, now);
  return (
    <>
      {latest && <ClaimStatus claim={latest} />}
      {claims.isSuccess && canReport && <ReportProblemDialog bookingId={bookingId} />}
    </>
  );
}

function ReportProblemDialog({ bookingId }: { bookingId: number }) {
  const id = useId();
  const create = useCreateClaim();
  const [isOpen, setIsOpen] = useState(false);
  const [photos, setPhotos] = useState<Upload[]>([]);
  // A fresh picker after each photo: the one just used keeps showing its preview otherwise.
  const [pickerKey, setPickerKey] = useState(0);
  // The photos are added beside the form, each uploaded at once; the report sends their ids.
  const form = useForm<CreateClaimFormInput, unknown, CreateClaimInput>({ resolver, defaultValues: { description: '' } });
  const description = useWatch({ control: form.control, name: 'description' });
  const { errors } = form.formState;

  function changeOpen(open: boolean) {
    if (create.isPending) return;
    if (open) {
      form.reset({ description: '' });
      setPhotos([]);
    }
    setIsOpen(open);
  }

  const submit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync({ bookingId, ...input, uploadIds: photos.map((photo) => photo.id) });
      setIsOpen(false);
      toast({ title: 'Problem reported', description: "We'll look into it and let you know." });
    } catch (failure) {
      form.setError('root', { message: errorMessage(failure, 'Your report was not sent. Please try again.') });
    }
  });

  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="lg">
          <CircleAlert aria-hidden />
          Report a problem
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Report a problem</DialogTitle>
        <DialogDescription>Tell us what went wrong with the job. Photos help us sort it out quickly.</DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>What went wrong?</Label>
            <Textarea
              id={`${id}-description`}
              maxLength={claimDescriptionMax}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={`${id}-count ${id}-description-error`}
              disabled={create.isPending}
              {...form.register('description')}
            />
            <p id={`${id}-count`} className="text-xs text-neutral-600">
              At least {claimDescriptionMin} characters ({description.trim().length}/{claimDescriptionMax})
            </p>
            <FieldError id={`${id}-description-error`} role="alert">
              {errors.description?.message}
            </FieldError>
          </div>
          {photos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2" aria-label="Photos added">
              {photos.map((photo, index) => (
                <li key={photo.id} className="relative">
                  <img
                    src={`${photo.url}?w=320`}
                    alt={`Photo ${index + 1}`}
                    className="aspect-square w-full rounded-control object-cover"
                  />
                  <Button
                    type="button"
                    size="icon"
                    variant="secondary"
                    className="absolute top-1 right-1 size-11"
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => setPhotos((list) => list.filter((p) => p.id !== photo.id))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {photos.length < claimPhotosMax && (
            <ImageUpload
              key={pickerKey}
              label={`Add a photo (${photos.length}/${claimPhotosMax})`}
              onUploaded={(upload) => {
                setPhotos((list) => [...list, upload]);
                setPickerKey((key) => key + 1);
              }}
            />
          )}
          <FieldError id={`${id}-error`} role="alert">
            {errors.root?.message}
          </FieldError>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button type="button" variant="secondary" onClick={() => changeOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="accent" disabled={create.isPending}>
              {create.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
