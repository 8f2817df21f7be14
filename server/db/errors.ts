/** The PostgreSQL error under a driver or Drizzle wrapper, the same on PGlite and pg. */
export function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const pgError = postgresError(error);
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
};

export const isExclusionViolation = (error: unknown) => postgresError(error)?.code === '23P01';
