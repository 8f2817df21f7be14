import { describe, expect, it } from 'vitest';
import { csvField } from './earnings-service.ts';

describe('csvField (the statement CSV a detailer opens in a spreadsheet)', () => {
  it('keeps plain text and amounts as they are, negative amounts included', () => {
    expect(csvField('Basic Exterior Wash')).toBe('Basic Exterior Wash');
    expect(csvField('59.00')).toBe('59.00');
    expect(csvField('-5.90')).toBe('-5.90');
  });

  it('never lets a field start a formula, also behind a leading tab or carriage return', () => {
    for (const formula of ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1']) {
      expect(csvField(formula).replace(/^"/, '')).toMatch(/^'/);
    }
  });

  it('quotes a field with a comma, a quote or a line break', () => {
    expect(csvField('Wash, wax')).toBe('"Wash, wax"');
    expect(csvField('The "best"')).toBe('"The ""best"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});
