/**
 * mulberry32: a small seeded pseudo-random generator in [0, 1), so a randomised test takes the same steps on every
 * run and a failure replays from its seed (the fuzzer, the ledger property test).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
