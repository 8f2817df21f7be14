// How a US phone number is read and written, apart from the profile's schema (core/schemas/account.ts) so that the
// profile page can show a number without loading zod (issue 13).

/**
 * A US (NANP) number written any usual way: '(415) 555-0123', '415.555.0123', '+1 415 555 0123', '1-415-555-0123'.
 * The E.164 form ('+14155550123') or null when it is not one: area code and exchange start with 2 to 9.
 */
export function normalizeUsPhone(input: string): string | null {
  if (!/^[\d\s().+-]+$/.test(input)) return null;
  if (input.includes('+') && !/^\s*\+1[\s().-]*\d/.test(input)) return null;
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** '+14155550123' as '(415) 555-0123'; anything else as it is. */
export function formatUsPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
