import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast.ts';
import { reportSignIn } from './report-sign-in.ts';

vi.mock('@/lib/toast.ts', () => ({ toast: vi.fn() }));

afterEach(() => vi.mocked(toast).mockClear());

describe('reportSignIn', () => {
  it("hands back the signed-in user after the spec's success toast", async () => {
    await expect(reportSignIn(Promise.resolve({ role: 'customer' }))).resolves.toEqual({ role: 'customer' });
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: "You've been logged in successfully" });
  });

  it("says 'Login failed' with the reason, or the spec's fallback, and hands back null", async () => {
    await expect(reportSignIn(Promise.reject(new Error('Invalid email or password')))).resolves.toBeNull();
    expect(toast).toHaveBeenLastCalledWith({ title: 'Login failed', description: 'Invalid email or password', variant: 'destructive' });
    await reportSignIn(Promise.reject(new Error()));
    expect(toast).toHaveBeenLastCalledWith({
      title: 'Login failed',
      description: 'Please check your credentials and try again',
      variant: 'destructive',
    });
  });
});
