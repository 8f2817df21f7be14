import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '@core/errors.ts';
import { passwordProblem } from '@core/domain/password-policy.ts';

// Argon2id (the library's default algorithm) with OWASP's recommended memory and time costs.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords of a valid length (server/data/common-passwords.txt), read once. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('../data/common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** The whole policy for a password being chosen, with the list the client does not have: a 400 naming the field. */
export function assertPasswordAllowed(password: string): void {
  const problem = passwordProblem(password, isCommonPassword);
  if (problem) throw badRequest(problem, { password: problem });
}
