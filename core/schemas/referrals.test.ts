import { describe, expect, it } from 'vitest';
import { referralCodeNotFoundMessage } from '../domain/referrals.ts';
import { registerSchema } from './auth.ts';
import { referralCodeInputSchema } from './referrals.ts';

describe("the Register form's referral code", () => {
  it('is optional: absent or blank means none', () => {
    expect(referralCodeInputSchema.parse(undefined)).toBeUndefined();
    expect(referralCodeInputSchema.parse('   ')).toBeUndefined();
  });

  it('is read without case or spaces around it', () => {
    expect(referralCodeInputSchema.parse(' ab12cd34 ')).toBe('AB12CD34');
  });

  it("refuses what cannot be a code with the unknown code's message", () => {
    for (const bad of ['ab', 'AB12-CD34', 'x'.repeat(65), 12345678]) {
      const result = referralCodeInputSchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(referralCodeNotFoundMessage);
    }
  });

  it('rides along with registration and reports its field', () => {
    const base = {
      name: 'Jamie Lee',
      username: 'jamie',
      email: 'jamie@example.com',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
    };
    expect(registerSchema.parse({ ...base, referralCode: 'ab12cd34' }).referralCode).toBe('AB12CD34');
    expect(registerSchema.parse(base).referralCode).toBeUndefined();
    const bad = registerSchema.safeParse({ ...base, referralCode: '<script>' });
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['referralCode']);
  });
});
