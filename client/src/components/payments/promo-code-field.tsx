import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { TicketPercent, X } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { ApplyPromoCodeInput } from '@core/schemas/promo-codes.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';

const resolver = schemaResolver<ApplyPromoCodeInput>(() =>
  import('@core/schemas/promo-codes.ts').then((schemas) => schemas.promoCodeFieldSchema),
);
import { useApplyPromoCode, useRemovePromoCode } from './api/apply-promo-code.ts';

export interface PromoCodeFieldProps {
  bookingId: number;
  /** The code on the booking (as its creator typed it), or null. */
  appliedCode: string | null;
  discountCents: number;
  /** The booking's total now, from the server (null while it loads): the toast names the change. */
  totalCents: number | null;
  /** While a payment is under way the code may not change. */
  disabled?: boolean;
}

/**
 * The payment step's 'Promo code' field: the server checks the code and computes the discount; this only sends
 * what was typed and says the server's answer ('This code has expired', ...).
 */
export function PromoCodeField({ bookingId, appliedCode, discountCents, totalCents, disabled }: PromoCodeFieldProps) {
  const id = useId();
  // The code's rules load with the first code tried, not with checkout (zod is heavy to start: lib/schema-resolver.ts).
  const form = useForm<ApplyPromoCodeInput>({ resolver, reValidateMode: 'onSubmit', defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  const apply = useApplyPromoCode();
  const remove = useRemovePromoCode();

  if (appliedCode) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-control bg-success-50 px-4 py-3">
        <div className="flex items-center gap-3">
          <TicketPercent aria-hidden className="size-5 text-success-700" />
          <div>
            <p className="text-sm font-medium text-neutral-900">
              <span className="font-mono tracking-wide">{appliedCode}</span> applied
            </p>
            <p className="text-xs text-neutral-700">{formatUsd(discountCents)} off the service price</p>
          </div>
        </div>
        <Button
          variant="ghost"
          disabled={disabled || remove.isPending}
          onClick={() =>
            remove.mutate(
              { bookingId },
              {
                onError: (failure) =>
                  toast({
                    title: "Couldn't remove the code",
                    description: errorMessage(failure, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          <X aria-hidden /> Remove<span className="sr-only"> promo code {appliedCode}</span>
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit((input) =>
    apply.mutateAsync({ bookingId, code: input.code }).then(
      (booking) => {
        form.reset({ code: '' });
        // The server's totals before and after, as they are: a code that replaces a member's discount saves only
        // the difference between the two (issue 36: 'You save' was the code's discount alone).
        const was = totalCents === null || totalCents === booking.totalCents ? '' : ` (was ${formatUsd(totalCents)})`;
        toast({ title: 'Promo code applied', description: `Your total is now ${formatUsd(booking.totalCents)}${was}.` });
      },
      (failure: unknown) => form.setError('code', { message: errorMessage(failure, 'We could not apply this code. Please try again.') }),
    ),
  );

  return (
    <form noValidate className="grid gap-1.5" onSubmit={submit}>
      <Label htmlFor={`${id}-code`}>Promo code</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          placeholder="Enter code"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          disabled={disabled}
          {...form.register('code', { onChange: () => form.clearErrors('code') })}
        />
        <Button type="submit" variant="secondary" disabled={disabled || apply.isPending}>
          {apply.isPending ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      <FieldError id={`${id}-error`} role="alert">
        {error}
      </FieldError>
    </form>
  );
}
