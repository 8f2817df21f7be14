import { describe, expect, it } from 'vitest';
import { timeSlotLabels } from './time-slots.ts';
import { slotInWindow, timeWindows } from './time-windows.ts';

describe('slotInWindow', () => {
  it("puts each of the day's slots in exactly one window", () => {
    for (const label of timeSlotLabels) expect(timeWindows.filter((w) => slotInWindow(label, w))).toHaveLength(1);
  });

  it('morning is before noon, afternoon from noon', () => {
    expect(slotInWindow('11:00 AM', 'morning')).toBe(true);
    expect(slotInWindow('11:00 AM', 'afternoon')).toBe(false);
    expect(slotInWindow('1:00 PM', 'afternoon')).toBe(true);
    expect(slotInWindow('3:00 PM', 'evening')).toBe(false);
  });
});
