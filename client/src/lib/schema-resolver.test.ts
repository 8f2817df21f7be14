// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { schemaResolver } from './schema-resolver.ts';

const emailSchema = z.object({ email: z.email('Enter a valid email') });
type EmailForm = z.input<typeof emailSchema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a form resolver whose schema loads when the form is first used', () => {
  it('loads nothing until the page is first focused, then loads the schema once, after the focus has painted', async () => {
    const load = vi.fn(() => Promise.resolve(emailSchema));
    const resolver = schemaResolver<EmailForm>(load);
    expect(load).not.toHaveBeenCalled();

    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).not.toHaveBeenCalled(); // not inside the focusing tap (issue 40)
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ email: 'a@b.co' }, undefined, options);
    await resolver({ email: 'c@d.co' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers with the schema's values and errors", async () => {
    const resolver = schemaResolver<EmailForm>(() => Promise.resolve(emailSchema));
    expect(await resolver({ email: 'a@b.co' }, undefined, options)).toEqual({ values: { email: 'a@b.co' }, errors: {} });
    const invalid = await resolver({ email: 'not an email' }, undefined, options);
    expect(invalid.values).toEqual({});
    expect(invalid.errors.email?.message).toBe('Enter a valid email');
  });

  it('tries a failed load again at the next validation', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(emailSchema);
    const resolver = schemaResolver<EmailForm>(load);
    await expect(resolver({ email: 'a@b.co' }, undefined, options)).rejects.toThrow('offline');
    expect((await resolver({ email: 'a@b.co' }, undefined, options)).values).toEqual({ email: 'a@b.co' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
