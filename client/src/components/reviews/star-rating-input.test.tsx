// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRatingInput } from './star-rating-input.tsx';

afterEach(cleanup);

function Harness({ initial }: { initial?: number }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <span id="rating-label">Your rating</span>
      <StarRatingInput value={value} onChange={setValue} labelledBy="rating-label" />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('StarRatingInput', () => {
  it('is a radio group named by its label, with a radio per star', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('picks a rating by click and fills the stars up to it', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByText('4', { selector: 'output' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    await user.unhover(screen.getByRole('radio', { name: '4 stars' }));
    expect(container.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
  });

  it('moves and chooses with the arrow keys once focused by Tab', async () => {
    const user = userEvent.setup();
    // Held as a person holds it: Radix moves focus on a timer after keydown and chooses while the key is down.
    const press = async (key: string) => {
      await user.keyboard(key.replace('}', '>}'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await user.keyboard(key.replace('{', '{/'));
    };
    render(<Harness initial={3} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3 stars' }));
    await press('{ArrowRight}');
    expect(screen.getByText('4', { selector: 'output' })).toBeTruthy();
    await press('{ArrowLeft}');
    await press('{ArrowLeft}');
    expect(screen.getByText('2', { selector: 'output' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '2 stars' }));
  });
});
