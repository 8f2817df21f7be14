import { describe, expect, it } from 'vitest';
import { passwordMaxLength, passwordPolicyMessages, passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it('accepts 8 to 128 characters that are not all spaces', () => {
    expect(passwordProblem('correct-h')).toBeNull();
    expect(passwordProblem('a'.repeat(passwordMaxLength))).toBeNull();
    expect(passwordProblem(' spaced out ')).toBeNull();
  });

  it('refuses fewer than 8 and more than 128 characters', () => {
    expect(passwordProblem('seven77')).toBe(passwordPolicyMessages.tooShort);
    expect(passwordProblem('a'.repeat(passwordMaxLength + 1))).toBe(passwordPolicyMessages.tooLong);
  });

  it('refuses a password of spaces only', () => {
    expect(passwordProblem(' '.repeat(12))).toBe(passwordPolicyMessages.blank);
    expect(passwordProblem('\t  \n    ')).toBe(passwordPolicyMessages.blank);
  });

  it('refuses a common password when given the list check, and only then', () => {
    const isCommon = (password: string) => ['password1', 'iloveyou'].includes(password.toLowerCase());
    expect(passwordProblem('Password1', isCommon)).toBe(passwordPolicyMessages.common);
    expect(passwordProblem('Password1')).toBeNull();
    expect(passwordProblem('not-on-any-list', isCommon)).toBeNull();
  });
});
