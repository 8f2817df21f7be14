import { describe, expect, it } from 'vitest';
import { passwordMinLength } from '../domain/password-policy.ts';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './auth.ts';

const fieldMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const valid = { name: 'Jo Lee', username: 'jolee', email: 'jo@example.com', password: 'secret-pass', confirmPassword: 'secret-pass' };

describe('auth schemas (spec section 5, word for word)', () => {
  it('login: email and password messages', () => {
    expect(fieldMessages(loginSchema.safeParse({ email: 'jo', password: '12345' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(loginSchema.parse({ email: ' jo@example.com ', password: '123456' }).email).toBe('jo@example.com');
  });

  it('register: every field message, and Required for a missing one', () => {
    expect(
      fieldMessages(registerSchema.safeParse({ name: 'J', username: 'jo', email: 'x', password: '1', confirmPassword: '1', role: 'boss' })),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      // Registration follows core/domain/password-policy.ts; login keeps the spec's 6.
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Confirm password must be at least 8 characters',
      role: 'Please select a role',
    });
    expect(fieldMessages(registerSchema.safeParse({ ...valid, name: undefined }))).toEqual({ name: 'Required' });
  });

  it("register and reset: the password and its confirmation name one length, the policy's", () => {
    const seven = 'a'.repeat(passwordMinLength - 1);
    for (const result of [
      registerSchema.safeParse({ ...valid, password: seven, confirmPassword: seven }),
      resetPasswordSchema.safeParse({ token: 't', password: seven, confirmPassword: seven }),
    ]) {
      const messages = fieldMessages(result);
      const lengths = [messages.password, messages.confirmPassword].map((message) => Number(/at least (\d+)/.exec(message ?? '')?.[1]));
      expect(lengths).toEqual([passwordMinLength, passwordMinLength]);
    }
  });

  it('register: mismatched passwords are reported on confirmPassword', () => {
    expect(fieldMessages(registerSchema.safeParse({ ...valid, confirmPassword: 'secret-pass2' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it("register: the mismatch shows together with the other fields' messages", () => {
    expect(fieldMessages(registerSchema.safeParse({ ...valid, name: 'J', confirmPassword: 'secret-pass2' }))).toEqual({
      name: 'Name must be at least 2 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('register: role defaults to customer; the spec client may leave out confirmPassword and send firebase fields', () => {
    const parsed = registerSchema.parse({ ...valid, confirmPassword: undefined, firebaseUid: 'abc', isFirebaseUser: true });
    expect(parsed.role).toBe('customer');
  });

  it('forgot and reset password', () => {
    expect(fieldMessages(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: 'Please enter a valid email address' });
    expect(fieldMessages(resetPasswordSchema.safeParse({ token: 't', password: 'secret-pass', confirmPassword: 'other-pass' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});
