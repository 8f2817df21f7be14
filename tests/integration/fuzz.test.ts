import { asc } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seededRandom } from '../factories/seeded-random.ts';
import { contractFieldNames, listEndpoints } from './fuzz-endpoints.ts';
import { createTestClock, createTestDatabase, databaseKinds, type TestApp, signedInCookie } from './test-app.ts';

// Every JSON endpoint of the real app, as every kind of caller, with malformed input: no answer may be a 5xx,
// every error must be `{ code, message }`, and nobody may gain an account or a role. Endpoints and the fields they
// read are found at run time (the router's table, then one probe per endpoint), so a new route is fuzzed as is.

/** Not fuzzed here: the SSE stream holds its connection open (inject would wait forever), and the payment
 *  webhook reads a raw, signed body that has its own tests (tests/integration/payments*.test.ts). */
const skipped = new Set(['GET /api/notifications/stream', 'POST /api/payments/webhook']);

type Role = 'anonymous' | 'customer' | 'detailer' | 'admin';
const roles: Role[] = ['anonymous', 'customer', 'detailer', 'admin'];
type Outcome = { label: string; status: number; body: string };

// Raw JSON texts: 1e309 must reach JSON.parse as written (it becomes Infinity), so values are spliced in as text.
const json = (value: unknown) => JSON.stringify(value);
const nastyStrings = [
  '   ',
  'a\u0000b',
  '\u0000',
  'x'.repeat(10_000),
  '😀 \u202eשלום\u202c e\u0301\u0301',
  '\ud800',
  "' OR 1=1 --",
  '; DROP TABLE users; --',
  '9999-12-31',
  '2147483648',
  'abc',
];
const nastyNumbers = ['-1', '0', '1.5', '2147483648', '1e309', '-1e309', '9007199254740993', '"abc"'];
const wrongTypes = [
  'null',
  '[]',
  '{}',
  'true',
  '"text"',
  '1',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
];
const nastyParams = [
  '-1',
  '0',
  '1e309',
  '2147483648',
  'abc',
  '1.5',
  '%00',
  encodeURIComponent('😀\u202e'),
  encodeURIComponent("' OR 1=1 --"),
  '%E0%A4%A',
  'x'.repeat(200),
  '99999999999999999999',
];
const nastyQueryValues = [
  '',
  '\u0000',
  'x'.repeat(10_000),
  '😀\u202e',
  '\ud800',
  "' OR 1=1 --",
  '-1',
  '2147483648',
  '1e309',
  'abc',
  '9999-12-31',
];

/** The same-type extremes of a value (these may pass a loose contract, so every role sends them). */
function extremesFor(value: unknown): string[] {
  if (typeof value === 'number') return nastyNumbers;
  if (typeof value === 'string') return nastyStrings.map(json);
  if (typeof value === 'boolean') return ['"true"', '0'];
  if (Array.isArray(value)) return ['[]', '[null]', json(Array.from({ length: 1000 }, () => value[0] ?? 1))];
  return ['{}'];
}

/** Leaf paths of a value, for nested fields (card.number, rules.0.weekday). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...(value.length ? leafPaths(value[0], [...prefix, 0]) : [])];
  if (value && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]))];
  }
  return [prefix];
}

/** `base` as JSON text with the value at `at` replaced by the raw JSON text `raw`. */
function withRaw(base: Record<string, unknown>, at: (string | number)[], raw: string): string {
  const marker = '__fuzz_value__';
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const step of at.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  target[at[at.length - 1]!] = marker;
  return JSON.stringify(copy).replace(`"${marker}"`, () => raw);
}

describe.each(databaseKinds)('fuzzing every endpoint on %s', (kind) => {
  let t: TestApp;
  let address = 0;
  const cookies: Record<Role, string | undefined> = { anonymous: undefined, customer: undefined, detailer: undefined, admin: undefined };
  const accountIds: Record<Exclude<Role, 'anonymous'>, number> = { customer: 0, detailer: 0, admin: 0 };
  const clock = createTestClock();
  const logLines: string[] = [];
  let baseValues: Record<string, unknown> = {};
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  // Sessions straight from the session service (as sign-in makes them), so the fuzzer's own failed sign-ins and
  // lockouts never stand between it and the role it speaks for.
  const signIn = async (role: Exclude<Role, 'anonymous'>) => {
    cookies[role] = await signedInCookie(t.db, { id: accountIds[role] }, clock.now());
  };

  const userSnapshot = () =>
    t.db
      .select({ id: users.id, email: users.email, role: users.role, isDisabled: users.isDisabled, passwordHash: users.passwordHash })
      .from(users)
      .orderBy(asc(users.id));

  beforeAll(async () => {
    // The real app as createTestApp builds it, with its log kept: the database's safety net must never be needed.
    const database = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
    const app = await buildApp({ config, database, clock, logStream: { write: (line) => void logLines.push(line) } });
    t = { app, db: database.db, ctx: app.ctx, config, close: () => app.close().then(() => database.close()) };
    // The first account is a bystander: bodies name its email and username, so a sign-up conflicts and a wrong
    // password locks out nobody the fuzzer signs in as.
    const bystander = await createCustomer(t.ctx);
    const customer = await createCustomer(t.ctx);
    const detailer = await createDetailer(t.ctx);
    const admin = await createAdmin(t.ctx);
    const booking = await createBooking(t.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'requested',
    });
    accountIds.customer = customer.id;
    accountIds.detailer = detailer.user.id;
    accountIds.admin = admin.id;
    for (const role of ['customer', 'detailer', 'admin'] as const) await signIn(role);

    // A well-formed value for each field the contracts name: one field at a time is then made malformed.
    baseValues = {
      id: 1,
      bookingId: booking.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      categoryId: detailer.categoryId,
      userId: customer.id,
      paymentMethodId: 1,
      email: bystander.email,
      username: bystander.username,
      password: 'not-the-password',
      confirmPassword: 'not-the-password',
      name: 'Fuzz Name',
      role: 'customer',
      firebaseUid: 'fuzz-uid',
      isFirebaseUser: false,
      token: 'fuzz-token-0123456789',
      date: '2026-12-08',
      time: '10:00 AM',
      vehicleType: 'Sedan',
      notes: 'Gate code 1234',
      address: '1 Market St',
      apt: '2B',
      city: 'San Francisco',
      zip: '94105',
      confirmFee: true,
      amountCents: 100,
      appliedCredits: 0,
      amount: 59,
      clientSecret: 'pi_fuzz_secret_0123',
      client_secret: 'pi_fuzz_secret_0123',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', zip: '94105' },
      saveCard: false,
      approve: true,
      rules: [{ weekday: 1, startMinute: 540, endMinute: 1020 }],
      daysOff: ['2026-12-24'],
      settings: [{ type: 'message', inApp: true, push: true, email: true }],
      deviceType: 'web',
      deviceName: 'Chrome',
      isActive: true,
      isDisabled: false,
      search: 'casey',
      status: 'requested',
      unreadOnly: 'true',
      lat: '37.7',
      lng: '-122.4',
      weekday: 1,
      startMinute: 540,
      endMinute: 1020,
    };
    // A field added to a contract later still gets a plausible value.
    for (const name of await contractFieldNames()) {
      baseValues[name] ??= /id$/i.test(name) ? 1 : /^(is|has|can)[A-Z]/.test(name) ? true : 'fuzz';
    }
  });
  afterAll(() => t?.close());

  it(
    'answers no malformed request with a 5xx, every error is { code, message }, and nobody gains an account',
    { timeout: 240_000 },
    async () => {
      const random = seededRandom(20_251_123);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      const problems: Outcome[] = [];
      let requests = 0;
      const startedAt = performance.now();
      const usersBefore = await userSnapshot();

      const endpoints = listEndpoints(t.app).filter((e) => !skipped.has(`${e.method} ${e.url}`));
      // The table must be read right: each listed route exists, and the well-known ones are listed.
      for (const endpoint of endpoints) expect(t.app.hasRoute(endpoint), `${endpoint.method} ${endpoint.url}`).toBe(true);
      expect(endpoints.map((e) => `${e.method} ${e.url}`)).toEqual(
        expect.arrayContaining([
          'POST /api/bookings',
          'POST /api/bookings/:id/reschedule',
          'PATCH /api/admin/users/:id',
          'GET /api/detailers/:id/availability',
        ]),
      );

      type Send = { role: Role; method: HTTPMethods; url: string; query?: string; payload?: string; contentType?: string };
      const send = async ({ role, method, url, query, payload, contentType = 'application/json' }: Send) => {
        requests += 1;
        const headers: Record<string, string> = {};
        const cookie = cookies[role];
        if (cookie) headers.cookie = cookie;
        if (payload !== undefined) headers['content-type'] = contentType;
        const fullUrl = query ? `${url}?${query}` : url;
        const response = await t.app.inject({ method, url: fullUrl, headers, payload, remoteAddress: nextAddress() });
        const label = `${role} ${method} ${fullUrl.slice(0, 160)} ${payload === undefined ? '' : payload.slice(0, 160)}`;
        if (response.statusCode >= 500) problems.push({ label, status: response.statusCode, body: response.body.slice(0, 300) });
        if (response.statusCode >= 400) {
          let body: { code?: unknown; message?: unknown } | undefined;
          try {
            body = JSON.parse(response.body);
          } catch {
            body = undefined;
          }
          if (typeof body?.code !== 'string' || typeof body.message !== 'string') {
            problems.push({ label, status: response.statusCode, body: `not { code, message }: ${response.body.slice(0, 300)}` });
          }
        }
        // Signing out ends the role's session: sign in again so the next requests still speak for it.
        if (role !== 'anonymous' && url.endsWith('/logout')) await signIn(role);
        return response;
      };

      const fieldNames = Object.keys(baseValues);
      const hasBody = (method: HTTPMethods) => method !== 'GET';
      const probeFields = (body: string) => Object.keys((JSON.parse(body) as { fields?: Record<string, string> }).fields ?? {});
      const topKey = (field: string) => field.split('.')[0]!;

      for (const endpoint of endpoints) {
        const withParams = endpoint.url.includes(':');
        const validUrl = endpoint.url.replace(/:[A-Za-z]+/g, '1');

        // Which fields does the endpoint read? Send every known field malformed, as the admin, and read the 400's fields.
        const bodyKeys = new Set<string>();
        const queryKeys = new Set<string>();
        if (hasBody(endpoint.method)) {
          const probe = Object.fromEntries(fieldNames.map((name) => [name, { fuzzProbe: true }]));
          const response = await send({ role: 'admin', method: endpoint.method, url: validUrl, payload: json(probe) });
          if (response.statusCode === 400)
            for (const field of probeFields(response.body)) if (fieldNames.includes(topKey(field))) bodyKeys.add(topKey(field));
        }
        const queryProbe = fieldNames.map((name) => `${encodeURIComponent(name)}=%00`).join('&');
        const baseBody = Object.fromEntries([...bodyKeys].map((key) => [key, baseValues[key]]));
        const response = await send({
          role: 'admin',
          method: endpoint.method,
          url: validUrl,
          query: queryProbe,
          payload: hasBody(endpoint.method) ? json(baseBody) : undefined,
        });
        if (response.statusCode === 400) {
          for (const field of probeFields(response.body))
            if (fieldNames.includes(topKey(field)) && !bodyKeys.has(topKey(field))) queryKeys.add(topKey(field));
        }
        const baseQuery = new URLSearchParams([...queryKeys].map((key) => [key, String(baseValues[key])]));
        const basePayload = hasBody(endpoint.method) ? json(baseBody) : undefined;

        // Whole-body shapes: not JSON, not an object, too big, the wrong content type, prototype pollution.
        if (hasBody(endpoint.method)) {
          const shapes: { payload: string; contentType?: string }[] = [
            { payload: '' },
            { payload: 'null' },
            { payload: '[]' },
            { payload: '"text"' },
            { payload: '1e309' },
            { payload: '{' },
            { payload: '{"__proto__": {"isAdmin": true, "role": "admin"}}' },
            { payload: '{"constructor": {"prototype": {"isAdmin": true}}}' },
            { payload: json({ ...baseBody, role: 'admin', isAdmin: true }) },
            { payload: json({ junk: 'x'.repeat(10_000) }) },
            { payload: json({ junk: 'x'.repeat(100_000) }) },
            { payload: basePayload ?? '{}', contentType: 'text/plain' },
            { payload: basePayload ?? '{}', contentType: 'application/x-www-form-urlencoded' },
            { payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
          ];
          for (const [index, shape] of shapes.entries()) {
            await send({
              role: roles[index % roles.length]!,
              method: endpoint.method,
              url: validUrl,
              query: baseQuery.toString(),
              ...shape,
            });
          }
        }

        // Who gets past the endpoint's access check with the well-formed request? Those send every malformed
        // variant (a value that passes the contract reaches the database only for them), plus one other role in turn.
        const reaching: Role[] = [];
        for (const role of roles) {
          const answer = await send({ role, method: endpoint.method, url: validUrl, query: baseQuery.toString(), payload: basePayload });
          if (answer.statusCode !== 401 && answer.statusCode !== 403) reaching.push(role);
        }
        const others = roles.filter((role) => !reaching.includes(role));
        const senders = () => (others.length ? [...reaching, pick(others)] : reaching);

        // URL parameters: the nasty ones.
        if (withParams) {
          for (const role of roles) {
            for (const param of nastyParams.filter(() => reaching.includes(role) || random() < 0.34)) {
              await send({
                role,
                method: endpoint.method,
                url: endpoint.url.replace(/:[A-Za-z]+/g, param),
                query: baseQuery.toString(),
                payload: basePayload,
              });
            }
          }
        }

        // Body fields, one at a time: same-type extremes as the senders, wrong types once (they fail whoever sends them).
        for (const key of bodyKeys) {
          for (const at of leafPaths(baseValues[key], [key])) {
            let target: unknown = baseBody;
            for (const step of at) target = (target as Record<string | number, unknown>)[step];
            for (const raw of extremesFor(target)) {
              for (const role of senders())
                await send({
                  role,
                  method: endpoint.method,
                  url: validUrl,
                  query: baseQuery.toString(),
                  payload: withRaw(baseBody, at, raw),
                });
            }
            // `true` is no wrong type for a boolean: an admin sending isDisabled true may rightly disable the account.
            for (const raw of wrongTypes.filter((w) => typeof target !== 'boolean' || w !== 'true')) {
              await send({
                role: pick(roles),
                method: endpoint.method,
                url: validUrl,
                query: baseQuery.toString(),
                payload: withRaw(baseBody, at, raw),
              });
            }
            // Left out entirely.
            if (at.length === 1) {
              const { [key]: _left, ...rest } = baseBody;
              await send({ role: pick(roles), method: endpoint.method, url: validUrl, query: baseQuery.toString(), payload: json(rest) });
            }
          }
        }

        // Query fields, one at a time, as the senders; repeated keys become arrays.
        for (const key of queryKeys) {
          for (const value of nastyQueryValues) {
            const query = new URLSearchParams(baseQuery);
            query.set(key, value);
            for (const role of senders())
              await send({ role, method: endpoint.method, url: validUrl, query: query.toString(), payload: basePayload });
          }
          const repeated = new URLSearchParams(baseQuery);
          repeated.append(key, '2');
          await send({ role: pick(roles), method: endpoint.method, url: validUrl, query: repeated.toString(), payload: basePayload });
        }
        // Query strings no contract expects.
        for (const query of [
          '__proto__[isAdmin]=true&constructor[prototype][isAdmin]=true',
          `q=${'x'.repeat(10_000)}`,
          '%E0%A4%A=1',
          'a=%00',
        ]) {
          await send({ role: pick(roles), method: endpoint.method, url: validUrl, query, payload: basePayload });
        }
      }

      // Methods and paths nobody routes.
      for (const [method, url] of [
        ['GET', '/api/no-such-route'],
        ['DELETE', '/api/health'],
        ['PUT', '/api/bookings'],
        ['GET', '/api/%E0%A4%A'],
      ] as const) {
        for (const role of roles) await send({ role, method, url });
      }

      console.info(
        `fuzz on ${kind}: ${requests} requests to ${endpoints.length} endpoints in ${Math.round(performance.now() - startedAt)} ms`,
      );
      expect.soft(problems, problems.map((p) => `${p.status} ${p.label}\n    ${p.body}`).join('\n')).toEqual([]);
      expect(await userSnapshot()).toEqual(usersBefore);
      // The contracts are the first line: nothing may reach the database's data checks (the error handler's 400
      // safety net) or fail unhandled.
      const failures = logLines.filter((line) => /database refused a request value|unhandled error/.test(line));
      expect.soft(failures.map((line) => line.slice(0, 600))).toEqual([]);
    },
  );
});
