import { describe, expect, it } from 'vitest';
import { describeTrackingLatency, measureTrackingLatency } from '../../bench/tracking-latency.ts';

// bench/tracking-latency.ts at a tiny size, on PGlite: the issue 14 figure of `npm run bench` must keep running
// (its setup written straight to the tables, the real routes, the worker's streams) and measure every delivery.
describe('the tracking and messages latency bench', () => {
  it('delivers every position and message to its customer and answers sane figures', async () => {
    const result = await measureTrackingLatency({
      kind: 'pglite',
      customers: 5,
      rounds: 2,
      intervalMs: 2_200,
      messages: 10,
      messageSpreadMs: 500,
      timeoutMs: 15_000,
    });
    expect(result.tracking.count).toBe(10);
    expect(result.messages.count).toBe(10);
    expect([result.tracking.dropped, result.messages.dropped]).toEqual([0, 0]);
    for (const figure of [result.tracking, result.messages, result.tracking.answered, result.messages.answered]) {
      expect(figure.p50).toBeGreaterThan(0);
      expect(figure.p99).toBeGreaterThanOrEqual(figure.p50);
      expect(figure.max).toBeGreaterThanOrEqual(figure.p99);
      expect(figure.max).toBeLessThan(15_000);
    }
    const lines = describeTrackingLatency(result);
    expect(lines[0]).toMatch(
      /^Tracking on pglite: 10 positions to 5 customers \(2 rounds, each detailer every 2\.2 s\), p50 [\d.]+ ms, p99 /,
    );
    expect(lines[1]).toMatch(/^Messages on pglite: 10 sends over 0\.5 s to 5 customers, p50 [\d.]+ ms/);
  }, 120_000);
});
