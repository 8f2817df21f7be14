import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  promoCodeFormFields,
  promoCodeFormSchema,
  type ParsedPromoCodeInput,
  type PromoCodeFormValues,
} from '@core/schemas/promo-codes.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';

/** What the new-code form holds: text as typed, turned into the API's contract on submit (core/schemas). */
export type PromoFormValues = PromoCodeFormValues;

export type PromoFormErrors = Partial<Record<keyof PromoFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function emptyPromoForm(today: Date = new Date()): PromoFormValues {
  return {
    code: '',
    kind: 'percent',
    percentOff: '',
    amountOff: '',
    minOrder: '',
    serviceIds: [],
    detailerIds: [],
    startsOn: localDate(today),
    endsOn: '',
    maxUses: '',
    maxUsesPerCustomer: '',
    firstBookingOnly: false,
  };
}

/** API field errors (from the schema or the server) placed at the form's fields. */
export function toFormErrors(fields: Record<string, string>): PromoFormErrors {
  const errors: PromoFormErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const at = promoCodeFormFields[(field.split('.')[0] ?? field) as keyof typeof promoCodeFormFields];
    if (at && !errors[at]) errors[at] = message;
  }
  return errors;
}

// The schema comes with the page, not at first use: the page already imports its module for the limits, and a page
// that both imports a module and loads it with import() can lose its entry in the build (glossly:route-preloads).
const schemaResolve = schemaResolver<PromoFormValues, ParsedPromoCodeInput>(() => Promise.resolve(promoCodeFormSchema));

/** The form's resolver: the API's schema, its errors placed at the form's fields. */
export const promoFormResolver: Resolver<PromoFormValues, unknown, ParsedPromoCodeInput> = async (values, context, options) => {
  const result = await schemaResolve(values, context, options);
  const messages = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, String(error?.message ?? '')]));
  if (Object.keys(messages).length === 0) return result;
  const placed = Object.entries(toFormErrors(messages)).map(([field, message]) => [field, { type: 'schema', message }]);
  return { values: {}, errors: Object.fromEntries(placed) as FieldErrors<PromoFormValues> };
};
