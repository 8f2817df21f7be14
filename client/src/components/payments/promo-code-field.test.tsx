// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../tests/factories/page-harness.tsx';
import { PromoCodeField } from './promo-code-field.tsx';

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
const posts = () => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'POST');

const renderField = () =>
  renderAtPath('/checkout', <PromoCodeField bookingId={9} appliedCode={null} discountCents={0} totalCents={7872} />);
const code = () => screen.getByLabelText('Promo code') as HTMLInputElement;

describe('PromoCodeField', () => {
  it('asks for a code, refuses a malformed one under the field, and sends nothing', async () => {
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a promo code');
    expect(code().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(code(), { target: { value: 'SAVE 10!' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Code must be \d+ to \d+ letters, digits, - or _$/);
    expect(posts()).toEqual([]);
  });

  it("sends the trimmed code and shows the server's refusal under the field", async () => {
    replies = { '/api/bookings/9/promo-code': { status: 400, body: { code: 'invalid', message: 'This code has expired' } } };
    renderField();
    fireEvent.change(code(), { target: { value: '  SPRING10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ code: 'SPRING10' });
  });
});
