// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Label } from './label.tsx';
import { Switch } from './switch.tsx';

function renderSwitch(props: { checked: boolean; disabled?: boolean }) {
  const onCheckedChange = vi.fn();
  const { container } = render(
    <>
      <Label htmlFor="use-referral-credits">Referral credits</Label>
      <Switch id="use-referral-credits" onCheckedChange={onCheckedChange} {...props} />
    </>,
  );
  const control = screen.getByRole<HTMLInputElement>('switch', { name: 'Referral credits' });
  return { onCheckedChange, control, container };
}

afterEach(cleanup);

describe('Switch', () => {
  it('is the browser checkbox with the switch role, named by the caller label, and reports turning on', () => {
    const { control, onCheckedChange } = renderSwitch({ checked: false });
    expect(control.type).toBe('checkbox');
    expect(control.checked).toBe(false);
    fireEvent.click(screen.getByText('Referral credits'));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('reports turning off, from a tap anywhere on its touch target', () => {
    const { control, container, onCheckedChange } = renderSwitch({ checked: true });
    expect(control.checked).toBe(true);
    // The thumb is drawn over the track and lets taps through to the label that wraps both.
    fireEvent.click(container.querySelector('span[aria-hidden]')!);
    expect(onCheckedChange).toHaveBeenCalledWith(false);
  });

  it('turns with the keyboard', async () => {
    const { control, onCheckedChange } = renderSwitch({ checked: false });
    control.focus();
    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });

  it('does not change while disabled', async () => {
    const { control, onCheckedChange } = renderSwitch({ checked: false, disabled: true });
    await userEvent.click(control);
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(control.checked).toBe(false);
  });
});
