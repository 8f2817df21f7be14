import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@core/schemas/upload.ts';
import { bookingPhotos, reviews, services, uploads, users, vehicles } from '../../server/db/schema.ts';
import type { UserRow } from '../../server/identity/user-service.ts';
import { createAdmin, createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { createTestApp, createTestClock, databaseKinds, signedInCookie, type TestApp } from './test-app.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----glossly${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2b5cab' } });

/** A JPEG as a phone writes it: turned on its side (EXIF orientation 6) with the GPS position of where it was taken. */
const phoneJpeg = () =>
  photo(2000, 1000)
    .withExif({
      IFD0: { Make: 'Glossly Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 10/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

describe.each(databaseKinds)('uploads on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const clock = createTestClock();
  const cast = {} as { owner: UserRow; other: UserRow; admin: UserRow; detailer: Awaited<ReturnType<typeof createDetailer>> };
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'glossly-uploads-'));
    t = await createTestApp(kind, { clock, env: { DATA_DIR: dataDir } });
    cast.owner = await createCustomer(t.ctx, { password: undefined });
    cast.other = await createCustomer(t.ctx, { password: undefined });
    cast.admin = await createAdmin(t.ctx, { password: undefined });
    cast.detailer = await createDetailer(t.ctx);
    for (const user of [cast.owner, cast.other, cast.admin, cast.detailer.user])
      cookies.set(user.id, await signedInCookie(t.db, user, clock.now()));
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const post = (user: UserRow | null, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...(user ? { cookie: cookies.get(user.id)! } : {}) },
    });
  const get = (user: UserRow | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user ? { cookie: cookies.get(user.id)! } : {} });

  async function upload(bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', user = cast.owner): Promise<Upload> {
    const response = await post(user, multipart(bytes, filename, contentType));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Upload;
  }

  const storedFiles = async () => {
    try {
      return (await readdir(path.join(dataDir, 'objects', 'uploads'), { recursive: true })).filter((name) => name.endsWith('.webp'));
    } catch {
      return [];
    }
  };
  const uploadCount = async () => Number((await t.db.select({ n: count() }).from(uploads))[0]!.n);

  it.each([
    ['JPEG', () => photo(1200, 900).jpeg().toBuffer(), 'car.jpg', 'image/jpeg'],
    ['PNG', () => photo(1200, 900).png().toBuffer(), 'car.png', 'image/png'],
    ['WebP', () => photo(1200, 900).webp().toBuffer(), 'car.webp', 'image/webp'],
    ['PNG named .exe and declared text/plain', () => photo(1200, 900).png().toBuffer(), 'setup.exe', 'text/plain'],
  ])('takes a %s, stores it as WebP in the widths that fit and answers 201', async (_name, make, filename, type) => {
    const created = await upload(await make(), filename, type);
    expect(created).toEqual({ id: expect.any(Number), url: `/api/uploads/${created.id}`, width: 800, height: 600 });
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, created.id));
    expect(row).toMatchObject({ ownerUserId: cast.owner.id, widths: [320, 800], width: 800, height: 600 });
    expect(row!.storageKey).toMatch(/^uploads\/[0-9a-f]{24}$/);
    const served = await get(cast.owner, created.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it('serves the nearest stored width at or above ?w=, else the largest; never enlarges', async () => {
    const big = await upload(await photo(3000, 1500).jpeg().toBuffer());
    expect(big).toMatchObject({ width: 1600, height: 800 });
    const widthOf = async (url: string) => (await sharp((await get(cast.owner, url)).rawPayload).metadata()).width;
    expect(await widthOf(`${big.url}?w=320`)).toBe(320);
    expect(await widthOf(`${big.url}?w=100`)).toBe(320);
    expect(await widthOf(`${big.url}?w=321`)).toBe(800);
    expect(await widthOf(`${big.url}?w=1600`)).toBe(1600);
    expect(await widthOf(`${big.url}?w=4000`)).toBe(1600);
    expect(await widthOf(big.url)).toBe(1600);
    const tiny = await upload(await photo(200, 100).png().toBuffer(), 'tiny.png', 'image/png');
    expect(tiny).toMatchObject({ width: 200, height: 100 });
    expect(await widthOf(`${tiny.url}?w=800`)).toBe(200);
    expect((await get(cast.owner, `${big.url}?w=wide`)).statusCode).toBe(400);
  });

  it("turns a phone's photo upright and drops its EXIF, GPS position included", async () => {
    const jpeg = await phoneJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPSInfo tag (0x8825) is there
    const created = await upload(jpeg);
    // 2000 x 1000 on its side is 1000 px wide upright: stored at 320 and 800 (1600 would enlarge it).
    expect(created).toMatchObject({ width: 800, height: 1600 });
    for (const [w, served] of [
      [320, 320],
      [800, 800],
      [1600, 800],
    ]) {
      const metadata = await sharp((await get(cast.owner, `${created.url}?w=${w}`)).rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: served });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
  });

  it('refuses a text file named photo.png, an empty and a damaged image with 400 naming the problem, storing nothing', async () => {
    const before = { files: (await storedFiles()).length, rows: await uploadCount() };
    const text = await post(cast.owner, multipart(Buffer.from('not an image at all'), 'photo.png', 'image/png'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'bad_request', message: 'Upload a JPEG, PNG or WebP image' });
    const gif = await post(cast.owner, multipart(await photo(10, 10).gif().toBuffer(), 'a.gif', 'image/gif'));
    expect(gif.json().message).toBe('Upload a JPEG, PNG or WebP image');
    const png = await photo(400, 400).png().toBuffer();
    const damaged = await post(cast.owner, multipart(png.subarray(0, 60), 'cut.png', 'image/png'));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe('The image could not be read; it may be damaged');
    const empty = await post(cast.owner, multipart(Buffer.alloc(0), 'empty.png', 'image/png'));
    expect(empty.statusCode).toBe(400);
    const wrongField = await post(cast.owner, multipart(png, 'a.png', 'image/png', 'image'));
    expect(wrongField.json()).toMatchObject({
      code: 'bad_request',
      message: 'Send the image as multipart/form-data in a field named "file"',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { file: 'x' },
      headers: { cookie: cookies.get(cast.owner.id)! },
    });
    expect(json.statusCode).toBe(400);
    expect({ files: (await storedFiles()).length, rows: await uploadCount() }).toEqual(before);
  });

  it('refuses a file over 8 MB with 413 and stores nothing', async () => {
    const before = { files: (await storedFiles()).length, rows: await uploadCount() };
    const png = await photo(64, 64).png().toBuffer();
    const huge = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024 + 1 - png.length)]);
    const response = await post(cast.owner, multipart(huge, 'huge.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large', message: 'The image is larger than 8 MB; choose a smaller one' });
    expect({ files: (await storedFiles()).length, rows: await uploadCount() }).toEqual(before);
  });

  it('asks a signed-out caller to sign in (401) to upload; an image that is not public is 404 to them', async () => {
    const created = await upload(await photo(400, 300).jpeg().toBuffer());
    const response = await post(null, multipart(await photo(400, 300).jpeg().toBuffer(), 'a.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(401);
    expect((await get(null, created.url)).statusCode).toBe(404);
  });

  it('shows an image to its owner and an admin; another customer and a detailer without a booking get 404', async () => {
    const created = await upload(await photo(400, 300).jpeg().toBuffer());
    expect((await get(cast.owner, created.url)).statusCode).toBe(200);
    expect((await get(cast.admin, created.url)).statusCode).toBe(200);
    expect((await get(cast.other, created.url)).statusCode).toBe(404);
    expect((await get(cast.detailer.user, created.url)).statusCode).toBe(404);
    expect((await get(cast.owner, '/api/uploads/999999')).statusCode).toBe(404);
    expect((await get(cast.owner, '/api/uploads/abc')).statusCode).toBe(400);
  });

  it("shows a car's photo to the detailer of a booking made with that car, and no other", async () => {
    const created = await upload(await photo(400, 300).jpeg().toBuffer());
    const [car] = await t.db
      .insert(vehicles)
      .values({ customerId: cast.owner.id, make: 'Toyota', model: 'Camry', year: 2020, vehicleType: 'Sedan', photoUploadId: created.id })
      .returning();
    const otherDetailer = await createDetailer(t.ctx);
    cookies.set(otherDetailer.user.id, await signedInCookie(t.db, otherDetailer.user, clock.now()));
    expect((await get(cast.detailer.user, created.url)).statusCode).toBe(404);
    await createBooking(t.ctx, {
      customerId: cast.owner.id,
      detailerId: cast.detailer.detailerId,
      serviceId: cast.detailer.serviceId,
      vehicleId: car!.id,
    });
    expect((await get(cast.detailer.user, created.url)).statusCode).toBe(200);
    expect((await get(otherDetailer.user, created.url)).statusCode).toBe(404);
    expect((await get(cast.other, created.url)).statusCode).toBe(404);
  });

  it('shows a profile photo to anyone signed in', async () => {
    const created = await upload(await photo(400, 400).png().toBuffer(), 'me.png', 'image/png', cast.other);
    expect((await get(cast.owner, created.url)).statusCode).toBe(404);
    await t.db.update(users).set({ avatarUploadId: created.id }).where(eq(users.id, cast.other.id));
    expect((await get(cast.owner, created.url)).statusCode).toBe(200);
    expect((await get(cast.detailer.user, created.url)).statusCode).toBe(200);
    expect((await get(null, created.url)).statusCode).toBe(404);
  });
  it("shows a job's before and after photos to its customer, its detailer and admins; 404 to anyone else, signed out too", async () => {
    const stranger = await createDetailer(t.ctx);
    cookies.set(stranger.user.id, await signedInCookie(t.db, stranger.user, clock.now()));
    const created = await upload(await photo(400, 300).jpeg().toBuffer(), 'job.jpg', 'image/jpeg', cast.detailer.user);
    const booking = await createBooking(t.ctx, {
      customerId: cast.owner.id,
      detailerId: cast.detailer.detailerId,
      serviceId: cast.detailer.serviceId,
      status: 'in_progress',
      startsAt: new Date('2026-12-02T17:00:00Z'),
    });
    expect((await get(cast.owner, created.url)).statusCode).toBe(404);
    await t.db.insert(bookingPhotos).values({ bookingId: booking.id, uploadId: created.id, phase: 'before' });
    for (const user of [cast.owner, cast.detailer.user, cast.admin]) expect((await get(user, created.url)).statusCode).toBe(200);
    for (const user of [cast.other, stranger.user, null]) expect((await get(user, created.url)).statusCode).toBe(404);
  });

  it("shows a service's photo to anyone, signed in or not", async () => {
    const created = await upload(await photo(400, 300).jpeg().toBuffer(), 'service.jpg', 'image/jpeg', cast.detailer.user);
    expect((await get(null, created.url)).statusCode).toBe(404);
    await t.db.update(services).set({ imageUploadId: created.id }).where(eq(services.id, cast.detailer.serviceId));
    expect((await get(null, created.url)).statusCode).toBe(200);
    expect((await get(cast.other, created.url)).statusCode).toBe(200);
    await t.db.update(services).set({ imageUploadId: null }).where(eq(services.id, cast.detailer.serviceId));
  });

  it("makes a job's after photos public once its customer review is published, until an admin hides it; never the before photos", async () => {
    const booking = await createBooking(t.ctx, {
      customerId: cast.owner.id,
      detailerId: cast.detailer.detailerId,
      serviceId: cast.detailer.serviceId,
      status: 'completed',
      startsAt: new Date('2026-12-03T17:00:00Z'),
    });
    const before = await upload(await photo(400, 300).jpeg().toBuffer(), 'before.jpg', 'image/jpeg', cast.detailer.user);
    const after = await upload(await photo(400, 300).jpeg().toBuffer(), 'after.jpg', 'image/jpeg', cast.detailer.user);
    await t.db.insert(bookingPhotos).values([
      { bookingId: booking.id, uploadId: before.id, phase: 'before' },
      { bookingId: booking.id, uploadId: after.id, phase: 'after' },
    ]);
    const review = { bookingId: booking.id, detailerId: cast.detailer.detailerId, customerId: cast.owner.id, rating: 5 };
    // The detailer's review of the customer, even published, publishes nothing; nor the customer's before it is published.
    await t.db.insert(reviews).values({ ...review, authorRole: 'detailer', authorUserId: cast.detailer.user.id, publishedAt: clock.now() });
    const [customerReview] = await t.db
      .insert(reviews)
      .values({ ...review, authorRole: 'customer', authorUserId: cast.owner.id })
      .returning();
    const publicStatus = async () => [
      (await get(null, before.url)).statusCode,
      (await get(null, after.url)).statusCode,
      (await get(cast.other, after.url)).statusCode,
    ];
    expect(await publicStatus()).toEqual([404, 404, 404]);
    await t.db.update(reviews).set({ publishedAt: clock.now() }).where(eq(reviews.id, customerReview!.id));
    expect(await publicStatus()).toEqual([404, 200, 200]);
    await t.db.update(reviews).set({ hiddenAt: clock.now(), hiddenReason: 'Rude' }).where(eq(reviews.id, customerReview!.id));
    expect(await publicStatus()).toEqual([404, 404, 404]);
  });
});
