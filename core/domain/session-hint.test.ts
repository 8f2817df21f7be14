import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './session-hint.ts';

describe('hasSignedInHint', () => {
  it('finds the hint among other cookies, in any position', () => {
    expect(hasSignedInHint('glossly_signed_in=1')).toBe(true);
    expect(hasSignedInHint('theme=dark; glossly_signed_in=1')).toBe(true);
    expect(hasSignedInHint('theme=dark;glossly_signed_in=1; a=b')).toBe(true);
  });

  it('does not take a look-alike name or an empty jar for it', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('theme=dark')).toBe(false);
    expect(hasSignedInHint('xglossly_signed_in=1')).toBe(false);
    expect(hasSignedInHint('glossly_signed_in_old=1')).toBe(false);
  });
});
