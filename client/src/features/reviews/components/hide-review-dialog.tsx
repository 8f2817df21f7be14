import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EyeOff } from 'lucide-react';
import { hideReasonMaxLength } from '@core/domain/reviews.ts';
import type { HideReviewInput } from '@core/schemas/review.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useHideReview } from '../api/hide-review.ts';

const resolver = schemaResolver<HideReviewInput>(() => import('@core/schemas/review.ts').then((schemas) => schemas.hideReviewSchema));

/** Admins hide a review that breaks the rules; the reason is kept and shown to its author. */
export function HideReviewDialog({ reviewId }: { reviewId: number }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const hide = useHideReview();
  const { register, handleSubmit, reset, formState } = useForm<HideReviewInput>({
    resolver,
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit((values) =>
    hide.mutateAsync({ reviewId, ...values }).then(
      () => {
        setIsOpen(false);
        reset();
        toast({ title: 'Review hidden', description: 'It no longer shows publicly or counts in the rating.' });
      },
      (error: unknown) =>
        toast({ title: "Couldn't hide the review", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    ),
  );

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-danger-700!">
          <EyeOff aria-hidden />
          Hide review
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Hide this review?</DialogTitle>
        <DialogDescription>It leaves the detailer's page and rating. Its author sees the reason.</DialogDescription>
        <form noValidate onSubmit={submit} className="mt-4 grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={hideReasonMaxLength}
            aria-invalid={formState.errors.reason ? true : undefined}
            aria-describedby={`${id}-reason-error`}
            {...register('reason')}
          />
          <FieldError id={`${id}-reason-error`}>{formState.errors.reason?.message}</FieldError>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={formState.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Hiding...' : 'Hide review'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
