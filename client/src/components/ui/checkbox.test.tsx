// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';
import { Label } from './label.tsx';

function renderBox(props: { checked: boolean; disabled?: boolean }) {
  const onCheckedChange = vi.fn();
  render(
    <>
      <Checkbox id="terms" onCheckedChange={onCheckedChange} {...props} />
      <Label htmlFor="terms">I agree to the Terms of Service</Label>
    </>,
  );
  return { onCheckedChange, box: screen.getByRole<HTMLInputElement>('checkbox', { name: 'I agree to the Terms of Service' }) };
}

afterEach(cleanup);

describe('Checkbox', () => {
  it('is the browser checkbox, named by its label, and reports the new state as a boolean', () => {
    const { box, onCheckedChange } = renderBox({ checked: false });
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByText('I agree to the Terms of Service'));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('reports unticking', () => {
    const { box, onCheckedChange } = renderBox({ checked: true });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onCheckedChange).toHaveBeenCalledWith(false);
  });

  it('does not change while disabled', async () => {
    const { box, onCheckedChange } = renderBox({ checked: false, disabled: true });
    await userEvent.click(box);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
