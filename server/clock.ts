/** Time is injected so that tests can hold it still or move it (holds, expiries, reset links). */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
