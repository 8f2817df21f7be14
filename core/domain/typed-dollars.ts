// Kept apart from money.ts: only forms read typed amounts, and money.ts is in the home page's first load.

/** Dollars typed into a form ("20", "20.5", "$1,020.00") as whole cents; null when it is not dollars and cents. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
