import { describe, expect, it } from 'vitest';
import { emptyPromoForm, promoFormResolver, toFormErrors, type PromoFormValues } from './promo-form.ts';

/** What the form's resolver gives: the API body, or the messages at the form's fields. */
async function toPromoCodeInput(values: PromoFormValues) {
  const result = await promoFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = Object.entries(result.errors);
  if (errors.length === 0) return { input: result.values };
  return { errors: Object.fromEntries(errors.map(([field, error]) => [field, error?.message])) };
}

const today = new Date(2026, 10, 24);

describe('the promo code form schema', () => {
  it('turns the typed text into the API contract: dollars to cents, blanks to none, days to instants', async () => {
    const result = await toPromoCodeInput({
      ...emptyPromoForm(today),
      code: 'SPRING20',
      kind: 'fixed',
      amountOff: '$10.50',
      minOrder: '50',
      endsOn: '2026-12-31',
      maxUses: '10',
      firstBookingOnly: true,
    });
    expect(result).toEqual({
      input: expect.objectContaining({
        code: 'SPRING20',
        kind: 'fixed',
        percentOff: null,
        amountOffCents: 1050,
        minOrderCents: 5000,
        maxUses: 10,
        maxUsesPerCustomer: null,
        firstBookingOnly: true,
        startsAt: new Date(2026, 10, 24).toISOString(),
        endsAt: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      }),
    });
  });

  it('names the fields the shared schema refuses', async () => {
    expect(await toPromoCodeInput({ ...emptyPromoForm(today), code: 'ok' })).toEqual({
      errors: { code: 'Code must be 3 to 32 letters, digits, - or _', percentOff: 'Percent off must be a whole number from 1 to 100' },
    });
    expect(await toPromoCodeInput({ ...emptyPromoForm(today), code: 'OK20' })).toEqual({
      errors: { percentOff: 'Percent off must be a whole number from 1 to 100' },
    });
    expect(await toPromoCodeInput({ ...emptyPromoForm(today), code: 'OK20', percentOff: '20', endsOn: '2026-11-01' })).toEqual({
      errors: { endsOn: 'End must be after the start' },
    });
    expect(await toPromoCodeInput({ ...emptyPromoForm(today), code: 'OK20', kind: 'fixed', amountOff: 'ten' })).toMatchObject({
      errors: { amountOff: expect.any(String) },
    });
  });

  it("places the server's field names at the form's fields", () => {
    expect(toFormErrors({ amountOffCents: 'Too much', 'serviceIds.0': 'Unknown', startsAt: 'Bad' })).toEqual({
      amountOff: 'Too much',
      serviceIds: 'Unknown',
      startsOn: 'Bad',
    });
  });
});
