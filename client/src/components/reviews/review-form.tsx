import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { reviewBodyMaxLength } from '@core/domain/reviews.ts';
import type { CreateReviewInput, ReviewFormValues } from '@core/schemas/review.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { StarRatingInput } from './star-rating-input.tsx';

export interface ReviewFormProps {
  /** The review being edited; a new review starts without stars. */
  initial?: { rating: number; body: string };
  /** 'Submit review' or 'Save changes'. */
  submitLabel: string;
  /** Placeholder for the text, in the reviewer's words ('How was the wash?'). */
  placeholder?: string;
  onSubmit: (values: CreateReviewInput) => Promise<unknown>;
  onCancel?: () => void;
}

const resolver = schemaResolver<ReviewFormValues, CreateReviewInput>(() =>
  import('@core/schemas/review.ts').then((schemas) => schemas.createReviewSchema),
);

const fieldNames = ['rating', 'body'] as const;

/** Stars and text, validated with the API's own schema; the server's field errors land on their fields. */
export function ReviewForm({ initial, submitLabel, placeholder, onSubmit, onCancel }: ReviewFormProps) {
  const id = useId();
  const form = useForm<ReviewFormValues, unknown, CreateReviewInput>({
    resolver,
    defaultValues: initial ?? { rating: undefined as unknown as number, body: '' },
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      const known = Object.entries(fields ?? {}).filter(([name]) => (fieldNames as readonly string[]).includes(name));
      for (const [name, message] of known) setError(name as (typeof fieldNames)[number], { message });
      if (known.length === 0) {
        toast({ title: "Couldn't save the review", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-1.5">
        <span id={`${id}-rating-label`} className="text-sm font-medium text-neutral-800">
          Your rating
        </span>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              value={field.value}
              onChange={field.onChange}
              labelledBy={`${id}-rating-label`}
              describedBy={errors.rating ? `${id}-rating-error` : undefined}
              isInvalid={Boolean(errors.rating)}
              disabled={formState.isSubmitting}
            />
          )}
        />
        <FieldError id={`${id}-rating-error`}>{errors.rating?.message}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-body`}>Your review (optional)</Label>
        <Textarea
          id={`${id}-body`}
          placeholder={placeholder}
          maxLength={reviewBodyMaxLength}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-body-error`}
          {...register('body')}
        />
        <FieldError id={`${id}-body-error`}>{errors.body?.message}</FieldError>
      </div>
      <div className={onCancel ? 'grid grid-cols-2 gap-3' : 'grid'}>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
