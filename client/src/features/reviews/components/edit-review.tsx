import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { Review } from '@core/schemas/review.ts';
import { ReviewForm } from '@/components/reviews/review-form.tsx';
import { formatReviewTime } from '@/components/reviews/review-format.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/lib/toast.ts';
import { useUpdateReview } from '../api/update-review.ts';

/** The author's edit, open for 24 hours after writing: a button that turns into the review form. */
export function EditReview({ review }: { review: Review }) {
  const [isEditing, setIsEditing] = useState(false);
  const update = useUpdateReview();
  if (!isEditing) {
    return (
      <div className="grid gap-2 border-t border-neutral-200 pt-3">
        <p className="text-xs text-neutral-600">You can edit your review until {formatReviewTime(review.editableUntil)}.</p>
        <Button variant="secondary" onClick={() => setIsEditing(true)}>
          <Pencil aria-hidden />
          Edit review
        </Button>
      </div>
    );
  }
  return (
    <div className="border-t border-neutral-200 pt-3">
      <ReviewForm
        initial={{ rating: review.rating, body: review.body }}
        submitLabel="Save changes"
        onCancel={() => setIsEditing(false)}
        onSubmit={async (values) => {
          await update.mutateAsync({ reviewId: review.id, ...values });
          setIsEditing(false);
          toast({ title: 'Review updated' });
        }}
      />
    </div>
  );
}
