import { describe, expect, it } from 'vitest';
import { customTipChoice, tipSuggestions } from '../domain/tip.ts';
import { tipFormSchema } from './tip.ts';

const schema = tipFormSchema(tipSuggestions(8000));
const customProblem = (custom: string) => {
  const result = schema.safeParse({ choice: customTipChoice, custom });
  return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the tip form', () => {
  it('takes a suggested percent as its amount, whatever the custom field holds', () => {
    expect(schema.parse({ choice: '20', custom: 'ten' })).toEqual({ amountCents: 1600 });
  });

  it('reads a custom amount as dollars and cents, with or without a dollar sign', () => {
    expect(schema.parse({ choice: customTipChoice, custom: ' $12.5 ' })).toEqual({ amountCents: 1250 });
    expect(schema.parse({ choice: customTipChoice, custom: '1,000.00' })).toEqual({ amountCents: 100_000 });
  });

  it('names what is wrong with a custom amount, under the custom field', () => {
    for (const text of ['', 'ten', '12.345'])
      expect(customProblem(text)).toEqual([['custom', 'Enter an amount in dollars, such as 10.00.']]);
    expect(customProblem('0.99')).toEqual([['custom', 'A tip must be at least $1.00.']]);
    expect(customProblem('1000.01')).toEqual([['custom', 'A tip must be at most $1,000.00.']]);
    expect(customProblem('99999999999')).toEqual([['custom', 'A tip must be at most $1,000.00.']]);
  });
});
