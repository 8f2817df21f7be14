// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

describe('work a tap starts, run after its next paint', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the next frame, then for a task after it: not in the tap, not in the frame before the paint', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(0); // a task queued right away would run here, maybe before the paint
    expect(work).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]!(0); // the frame's callbacks run; the paint follows them
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    frame.mockRestore();
  });
});
