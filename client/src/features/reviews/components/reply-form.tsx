import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { reviewReplyMaxLength } from '@core/domain/reviews.ts';
import type { ReviewReplyInput } from '@core/schemas/review.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useReplyToReview } from '../api/reply-to-review.ts';

const resolver = schemaResolver<ReviewReplyInput>(() => import('@core/schemas/review.ts').then((schemas) => schemas.reviewReplySchema));

/** The reviewed detailer's one public reply, under the review. */
export function ReplyForm({ reviewId }: { reviewId: number }) {
  const id = useId();
  const reply = useReplyToReview();
  const { register, handleSubmit, setError, formState } = useForm<ReviewReplyInput>({
    resolver,
    defaultValues: { body: '' },
  });

  const submit = handleSubmit((values) =>
    reply.mutateAsync({ reviewId, ...values }).then(
      () => toast({ title: 'Reply posted', description: 'It shows under the review on your page.' }),
      (error: unknown) => {
        const message = error instanceof ApiError ? error.fields?.body : undefined;
        if (message) setError('body', { message });
        else toast({ title: "Couldn't post the reply", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-2 border-t border-neutral-200 pt-3">
      <Label htmlFor={`${id}-reply`}>Your public reply</Label>
      <p id={`${id}-reply-hint`} className="text-xs text-neutral-600">
        One reply, shown under the review on your page. Up to {reviewReplyMaxLength} characters.
      </p>
      <Textarea
        id={`${id}-reply`}
        rows={3}
        maxLength={reviewReplyMaxLength}
        aria-invalid={formState.errors.body ? true : undefined}
        aria-describedby={`${id}-reply-hint ${id}-reply-error`}
        {...register('body')}
      />
      <FieldError id={`${id}-reply-error`}>{formState.errors.body?.message}</FieldError>
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Posting...' : 'Post reply'}
      </Button>
    </form>
  );
}
