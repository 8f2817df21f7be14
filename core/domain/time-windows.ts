import { slotMinuteOfDay, type TimeSlotLabel } from './time-slots.ts';

/**
 * The parts of a day a customer asks for (smart booking, a membership's visit rhythm; decision 022), as minutes of
 * the detailer's day: a slot belongs to the window its start falls in.
 */
export const timeWindows = ['morning', 'afternoon', 'evening'] as const;
export type TimeWindow = (typeof timeWindows)[number];

export const timeWindowLabels: Record<TimeWindow, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };

const windowStartMinutes: Record<TimeWindow, [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
};

export function slotInWindow(label: TimeSlotLabel, window: TimeWindow): boolean {
  const minute = slotMinuteOfDay(label);
  const [from, to] = windowStartMinutes[window];
  return minute >= from && minute < to;
}
