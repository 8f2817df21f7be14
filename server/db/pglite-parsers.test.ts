import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { setDrizzleParsersOnce } from './pglite-parsers.ts';

const setUp = `create table sample (
  at timestamptz, local_at timestamp, day date, length interval, amounts numeric[], moments timestamptz[], dates date[]
);
insert into sample values (
  '2026-11-30 09:15:00.123+00', '2026-11-30 09:15:00', '2026-11-30', '1 hour 30 minutes', '{1.50,2}',
  '{"2026-11-30 09:15:00+00","2026-12-01 10:00:00+00"}', '{2026-11-30,2026-12-01}'
);`;
const read = sql`select at, local_at, day, length, amounts, moments, dates, 1.5::numeric as price, 3 as n from sample`;

describe('setDrizzleParsersOnce', () => {
  const clients: PGlite[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));
  async function open() {
    const client = await PGlite.create();
    clients.push(client);
    await client.exec(setUp);
    return client;
  }

  it('reads every type as Drizzle on its own does, in and out of a transaction', async () => {
    const plain = drizzle(await open());
    const once = drizzle(setDrizzleParsersOnce(await open()));
    const expected = (await plain.execute(read)).rows;
    expect(expected[0]).toMatchObject({ at: '2026-11-30 09:15:00.123+00', day: '2026-11-30', n: 3 });
    expect((await once.execute(read)).rows).toEqual(expected);
    expect((await once.transaction((tx) => tx.execute(read))).rows).toEqual(expected);
  });

  it("leaves Drizzle's per-statement parsers out: the client's own are the ones used", async () => {
    const client = setDrizzleParsersOnce(await open());
    // A parser that marks what it read: had Drizzle's copy been merged over it, the value would come back bare.
    client.parsers[types.DATE] = (value: string) => `client's ${value}`;
    const db = drizzle(client);
    const day = sql`select day from sample`;
    expect((await db.execute(day)).rows).toEqual([{ day: "client's 2026-11-30" }]);
    expect((await db.transaction((tx) => tx.execute(day))).rows).toEqual([{ day: "client's 2026-11-30" }]);
  });
});
