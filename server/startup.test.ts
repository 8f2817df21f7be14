import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { connectionFailure, describeStartupFailure, UnavailableError, urlTarget } from './startup.ts';

const config = loadConfig({ PORT: '3000', HOST: '127.0.0.1', DATA_DIR: './x' });

const systemError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('describeStartupFailure', () => {
  it('passes a bad value through as one line', () => {
    const error = new ConfigError('Invalid environment variable PORT: Invalid input');
    expect(describeStartupFailure(error)).toBe('Cannot start: Invalid environment variable PORT: Invalid input');
  });

  it('names the variable of each resource', () => {
    expect(describeStartupFailure(new UnavailableError('postgres', 'could not connect to 127.0.0.1:1 (ECONNREFUSED)'), config)).toBe(
      'Cannot start: DATABASE_URL: could not connect to 127.0.0.1:1 (ECONNREFUSED)',
    );
    expect(describeStartupFailure(new UnavailableError('redis', 'no answer from h:6379 within 5 s'), config)).toBe(
      'Cannot start: REDIS_URL: no answer from h:6379 within 5 s',
    );
    expect(describeStartupFailure(new UnavailableError('pglite', 'is a file, not a folder'), config)).toBe(
      'Cannot start: DATA_DIR ./x is a file, not a folder',
    );
  });

  it('says which port is in use or not allowed', () => {
    const inUse = systemError('listen EADDRINUSE', { code: 'EADDRINUSE', syscall: 'listen', port: 3000 });
    expect(describeStartupFailure(inUse, config)).toBe('Cannot start: PORT 3000 is already in use');
    const privileged = systemError('listen EACCES', { code: 'EACCES', syscall: 'listen', port: 80 });
    expect(describeStartupFailure(privileged, config)).toMatch(/^Cannot start: PORT 80 needs privileges/);
    const notHere = systemError('listen EADDRNOTAVAIL', { code: 'EADDRNOTAVAIL', syscall: 'listen' });
    expect(describeStartupFailure(notHere, config)).toBe('Cannot start: HOST 127.0.0.1 is not an address of this machine');
  });

  it('finds a listen error under a wrapper', () => {
    const inner = systemError('listen EADDRINUSE', { code: 'EADDRINUSE', syscall: 'listen', port: 4000 });
    expect(describeStartupFailure(new Error('wrapped', { cause: inner }), config)).toBe('Cannot start: PORT 4000 is already in use');
  });

  it('keeps an unexpected error (a bug) for its stack trace', () => {
    expect(describeStartupFailure(new TypeError('x is not a function'), config)).toBeUndefined();
    expect(describeStartupFailure(systemError('connect ECONNREFUSED', { code: 'ECONNREFUSED' }), config)).toBeUndefined();
  });

  it('never spans several lines', () => {
    expect(describeStartupFailure(new UnavailableError('postgres', 'first\n  second'), config)).toBe(
      'Cannot start: DATABASE_URL: first second',
    );
  });
});

describe('connectionFailure', () => {
  it('reads a refused connection, a timeout, a server answer and anything else', () => {
    const refused = new AggregateError([systemError('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], '');
    expect(connectionFailure('postgres', 'localhost:5432', refused, 5000).message).toBe(
      'could not connect to localhost:5432 (ECONNREFUSED)',
    );
    expect(connectionFailure('postgres', 'h:5432', new Error('Connection terminated due to connection timeout'), 5000).message).toBe(
      'no answer from h:5432 within 5 s',
    );
    const missing = systemError('database "nope" does not exist', { code: '3D000' });
    expect(connectionFailure('postgres', 'h:5432', missing, 5000).message).toBe('h:5432 answered: database "nope" does not exist');
    expect(connectionFailure('redis', 'h:6379', new Error('NOAUTH Authentication required.'), 5000).message).toBe(
      'could not connect to h:6379: NOAUTH Authentication required.',
    );
  });

  it('never shows credentials', () => {
    expect(urlTarget('postgres://user:secret@db.example:6543/glossly', 5432)).toBe('db.example:6543');
    expect(urlTarget('redis://:secret@cache', 6379)).toBe('cache:6379');
  });
});
