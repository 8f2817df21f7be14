import { describe, expect, it } from 'vitest';
import { encodeCommand, parseReply, RedisError } from './redis-bus.ts';

describe('RESP', () => {
  it('encodes a command as an array of bulk strings, counting bytes not characters', () => {
    expect(encodeCommand(['PUBLISH', 'ch', 'café']).toString()).toBe('*3\r\n$7\r\nPUBLISH\r\n$2\r\nch\r\n$5\r\ncafé\r\n');
  });

  it('parses simple strings, errors, integers, bulk strings, null and nested arrays', () => {
    expect(parseReply(Buffer.from('+OK\r\n'), 0)).toEqual({ value: 'OK', next: 5 });
    expect(parseReply(Buffer.from('-ERR bad\r\n'), 0)!.value).toBeInstanceOf(RedisError);
    expect(parseReply(Buffer.from(':42\r\n'), 0)!.value).toBe(42);
    expect(parseReply(Buffer.from('$-1\r\n'), 0)!.value).toBeNull();
    const push = Buffer.from('*3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$5\r\ncafé\r\n');
    expect(parseReply(push, 0)).toEqual({ value: ['message', 'ch', 'café'], next: push.length });
  });

  it('waits for the rest of a reply split across packets', () => {
    const whole = Buffer.from('*2\r\n$5\r\nhello\r\n:1\r\n');
    for (let cut = 0; cut < whole.length; cut += 1) expect(parseReply(whole.subarray(0, cut), 0)).toBeNull();
    expect(parseReply(whole, 0)!.value).toEqual(['hello', 1]);
  });
});
