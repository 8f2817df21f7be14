// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it('names the input by its label and reads its hint and error with it', () => {
    render(
      <TextField id="bank-routingNumber" label="Routing number" hint="Nine digits" error="Enter a routing number" inputMode="numeric" />,
    );
    const input = screen.getByRole('textbox', { name: 'Routing number' });
    expect(input.id).toBe('bank-routingNumber');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const description = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual(['Nine digits', 'Enter a routing number']);
  });

  it('gives the input an id of its own when none is passed, and is valid without an error', () => {
    render(<TextField label="Full Name" />);
    const input = screen.getByRole('textbox', { name: 'Full Name' });
    expect(input.id).not.toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
