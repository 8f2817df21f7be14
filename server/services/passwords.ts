import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with OWASP's recommended memory and time costs.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);
