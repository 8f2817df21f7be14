// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardMessages } from '@core/domain/card.ts';
import { CardForm } from './card-form.tsx';

afterEach(cleanup);

function renderForm() {
  const onSubmit = vi.fn();
  render(<CardForm label="Add a card" submitLabel="Save card" isProcessing={false} cardError={null} onSubmit={onSubmit} />);
  return onSubmit;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('CardForm', () => {
  it("shows core's card messages under the fields, focuses the number, and sends nothing", async () => {
    const onSubmit = renderForm();
    fireEvent.change(field('Card number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(field('Expiry'), { target: { value: '0120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(cardMessages.number)).toBeTruthy();
    expect(screen.getByText(cardMessages.expiry)).toBeTruthy();
    expect(screen.getByText(cardMessages.cvc)).toBeTruthy();
    expect(screen.getByText(cardMessages.zip)).toBeTruthy();
    expect(field('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Card number'));
    expect(onSubmit).not.toHaveBeenCalled();
    // Typing in a field again takes its message away.
    fireEvent.change(field('CVC'), { target: { value: '12a3' } });
    expect(field('CVC').value).toBe('123');
    expect(screen.queryByText(cardMessages.cvc)).toBeNull();
  });

  it('formats what is typed and sends the card as the gateway takes it', async () => {
    const onSubmit = renderForm();
    fireEvent.change(field('Card number'), { target: { value: '4242424242424242' } });
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeTruthy();
    fireEvent.change(field('Expiry'), { target: { value: '1230' } });
    expect(field('Expiry').value).toBe('12 / 30');
    fireEvent.change(field('CVC'), { target: { value: '123' } });
    fireEvent.change(field('ZIP'), { target: { value: '94107' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', zip: '94107' });
  });
});
