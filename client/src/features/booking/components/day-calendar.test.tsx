// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayCalendar } from './day-calendar.tsx';

afterEach(cleanup);

const day = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('DayCalendar', () => {
  it('disables the days before today and lets a later day be chosen', () => {
    const onChange = vi.fn();
    render(<DayCalendar value={null} minDate="2026-11-22" maxDate="2027-01-21" onChange={onChange} />);
    expect(screen.getByRole('table', { name: /November 2026/ })).toBeTruthy();
    expect(day('Saturday, November 21').disabled).toBe(true);
    expect(day('Sunday, November 22').disabled).toBe(false);
    fireEvent.click(day('Saturday, November 21'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(day('Monday, November 23'));
    expect(onChange).toHaveBeenCalledWith('2026-11-23');
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
  });

  it('keeps one day in the tab order and moves it with the arrow keys, across months', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    render(<DayCalendar value="2026-11-30" minDate="2026-11-22" maxDate="2027-01-21" onChange={() => {}} />);
    expect(
      screen
        .getAllByRole('button')
        .filter((b) => b.dataset.date && b.tabIndex === 0)
        .map((b) => b.dataset.date),
    ).toEqual(['2026-11-30']);
    fireEvent.keyDown(day('Monday, November 30'), { key: 'ArrowRight' });
    act(() => vi.runAllTimers());
    expect(screen.getByRole('table', { name: /December 2026/ })).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-12-01');
    fireEvent.keyDown(day('Tuesday, December 1'), { key: 'ArrowUp' });
    act(() => vi.runAllTimers());
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-24');
    vi.useRealTimers();
  });
});
