import { promoCodeInputSchema, type PromoCodeInput } from '@core/schemas/promo-codes.ts';

/** What the new-code form holds: text as typed, turned into the API's contract on submit. */
export type PromoFormValues = {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  /** Dollars as typed. */
  amountOff: string;
  minOrder: string;
  serviceIds: number[];
  detailerIds: number[];
  /** YYYY-MM-DD in the admin's own time zone. */
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstBookingOnly: boolean;
};

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

/** '' is none (null); anything else is a number, NaN when it is not one (the schema then names the field). */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const dollarsToCentsOrNaN = (text: string) => {
  const dollars = optionalNumber(text.replace(/^\$/, ''));
  return dollars === null ? null : Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN;
};

/** The form's field an API field's error belongs at. */
const formField: Record<string, keyof PromoFormValues> = {
  code: 'code',
  kind: 'kind',
  percentOff: 'percentOff',
  amountOffCents: 'amountOff',
  minOrderCents: 'minOrder',
  serviceIds: 'serviceIds',
  detailerIds: 'detailerIds',
  startsAt: 'startsOn',
  endsAt: 'endsOn',
  maxUses: 'maxUses',
  maxUsesPerCustomer: 'maxUsesPerCustomer',
  firstBookingOnly: 'firstBookingOnly',
};

/** API field errors (from the schema or the server) placed at the form's fields. */
export function toFormErrors(fields: Record<string, string>): PromoFormErrors {
  const errors: PromoFormErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const at = formField[field.split('.')[0] ?? field];
    if (at && !errors[at]) errors[at] = message;
  }
  return errors;
}

/**
 * The API body for the form, checked with the server's own contract: the start is the chosen day's first moment,
 * the end the last moment of the chosen day (both in the admin's time zone).
 */
export function toPromoCodeInput(values: PromoFormValues): { input: PromoCodeInput } | { errors: PromoFormErrors } {
  const input: PromoCodeInput = {
    code: values.code,
    kind: values.kind,
    percentOff: values.kind === 'percent' ? optionalNumber(values.percentOff) : null,
    amountOffCents: values.kind === 'fixed' ? dollarsToCentsOrNaN(values.amountOff) : null,
    minOrderCents: dollarsToCentsOrNaN(values.minOrder) ?? 0,
    serviceIds: values.serviceIds,
    detailerIds: values.detailerIds,
    startsAt: values.startsOn ? new Date(`${values.startsOn}T00:00:00`).toISOString() : undefined,
    endsAt: values.endsOn ? new Date(`${values.endsOn}T23:59:59.999`).toISOString() : null,
    maxUses: optionalNumber(values.maxUses),
    maxUsesPerCustomer: optionalNumber(values.maxUsesPerCustomer),
    firstBookingOnly: values.firstBookingOnly,
  };
  const parsed = promoCodeInputSchema.safeParse(input);
  if (parsed.success) return { input };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'code');
    fields[key] ??= issue.message;
  }
  return { errors: toFormErrors(fields) };
}
