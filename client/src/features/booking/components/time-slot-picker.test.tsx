// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '@core/schemas/booking.ts';
import { TimeSlotPicker } from './time-slot-picker.tsx';

afterEach(cleanup);

const slots: AvailabilitySlot[] = [
  { time: '9:00 AM', startsAt: '2026-11-23T17:00:00.000Z', available: true, reason: 'ok' },
  { time: '10:00 AM', startsAt: '2026-11-23T18:00:00.000Z', available: false, reason: 'taken' },
  { time: '11:00 AM', startsAt: '2026-11-23T19:00:00.000Z', available: true, reason: 'ok' },
  { time: '1:00 PM', startsAt: '2026-11-23T21:00:00.000Z', available: true, reason: 'ok' },
  { time: '2:00 PM', startsAt: '2026-11-23T22:00:00.000Z', available: false, reason: 'taken' },
  { time: '3:00 PM', startsAt: '2026-11-23T23:00:00.000Z', available: true, reason: 'ok' },
];

describe('TimeSlotPicker', () => {
  it('disables the unavailable slots and leaves the others selectable', () => {
    const onChange = vi.fn();
    render(
      <>
        <h3 id="slots">Available Time Slots</h3>
        <TimeSlotPicker slots={slots} value={null} onChange={onChange} labelledBy="slots" />
      </>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Available Time Slots' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLButtonElement).disabled)).toEqual([false, true, false, false, true, false]);
    expect(screen.getByRole('radio', { name: /10:00 AM/ }).textContent).toContain('Unavailable');

    fireEvent.click(screen.getByRole('radio', { name: /10:00 AM/ }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: /11:00 AM/ }));
    expect(onChange).toHaveBeenCalledWith('11:00 AM');
  });

  it('marks the chosen slot as checked', () => {
    render(<TimeSlotPicker slots={slots} value="3:00 PM" onChange={() => {}} labelledBy="none" />);
    expect(screen.getByRole('radio', { name: '3:00 PM' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: '9:00 AM' }).getAttribute('aria-checked')).toBe('false');
  });

  it("marks the soonest free slots ('Book again'), never an unavailable one", () => {
    render(
      <TimeSlotPicker slots={slots} value="11:00 AM" onChange={() => {}} labelledBy="none" soonest={['9:00 AM', '10:00 AM', '11:00 AM']} />,
    );
    const marked = screen.getAllByRole('radio').filter((radio) => radio.textContent?.includes('Soonest'));
    expect(marked.map((radio) => radio.textContent)).toEqual(['9:00 AM, Soonest', '11:00 AM, Soonest']);
    expect(screen.getByRole('radio', { name: /^10:00 AM/ }).textContent).toBe('10:00 AMUnavailable');
  });

  it('shows a loading status instead of slots while the day loads', () => {
    render(<TimeSlotPicker slots={undefined} value={null} onChange={() => {}} labelledBy="none" isLoading />);
    expect(screen.getByRole('status', { name: 'Loading time slots' })).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });
});
