// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { PromoCodeForm } from './promo-code-form.tsx';

// Radix's radio group measures itself; jsdom has no ResizeObserver.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const describedError = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('PromoCodeForm', () => {
  it("shows the API schema's messages at the fields, focuses the first, and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PromoCodeForm services={[]} isSaving={false} onSubmit={onSubmit} onUnplacedError={() => {}} />);
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(describedError(code)).toBe('Code must be 3 to 32 letters, digits, - or _');
    expect(describedError(screen.getByLabelText('Percent off'))).toBe('Percent off must be a whole number from 1 to 100');
    expect(document.activeElement).toBe(code);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: 'SPRING20' } });
    fireEvent.change(screen.getByLabelText('Percent off'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'SPRING20', kind: 'percent', percentOff: 20, amountOffCents: null }),
    );
  });

  it("puts a taken code's 409 at the code", async () => {
    const taken = new ApiError(409, JSON.stringify({ message: 'That code is taken' }), 'Conflict');
    render(<PromoCodeForm services={[]} isSaving={false} onSubmit={() => Promise.reject(taken)} onUnplacedError={() => {}} />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SPRING20' } });
    fireEvent.change(screen.getByLabelText('Percent off'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(describedError(screen.getByLabelText('Code'))).toBe('That code is taken'));
  });
});
