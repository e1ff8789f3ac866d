import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { AdminRole } from '@app/common';
import { registerUser, type RegisteredUser } from '../../support/users';
import * as f from './hostile-files';
import {
  adminWithRoles,
  bearer,
  createReliabilityApp,
  REAL,
  type ReliabilityApp,
} from './reliability-support';

// Issue 14, item 7: a corpus of hostile uploads against the image uploads (deposit vouchers here;
// KYC documents and support images go through the same reader and the same sender). Each file is
// refused, or re-written with its metadata stripped; it is stored under a server-chosen name and
// served only to its owner and reviewers, as an attachment with nosniff; memory stays bounded.

/** Markers that must never come back out of a stored file. */
const FORBIDDEN = [
  'Exif',
  'GPSMARKER',
  '<script',
  '<?php',
  'PK\x03\x04',
  'tEXt',
  'iTXt',
  'xmpmeta',
  'ICC_PROFILE',
  '<html',
];

type Expect = 'refused' | 'cleaned';
interface Case {
  name: string;
  file: Buffer;
  filename?: string;
  contentType?: string;
  expect: Expect;
}

const CORPUS: Case[] = [
  { name: 'empty file', file: Buffer.alloc(0), expect: 'refused' },
  {
    name: 'SVG with script',
    file: f.SVG_WITH_SCRIPT,
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
    expect: 'refused',
  },
  {
    name: 'SVG renamed .png',
    file: f.SVG_WITH_SCRIPT,
    filename: 'logo.png',
    contentType: 'image/png',
    expect: 'refused',
  },
  { name: 'HTML page', file: f.HTML_PAGE, filename: 'x.html', contentType: 'text/html', expect: 'refused' },
  {
    name: 'PHP renamed .jpg',
    file: f.PHP_SHELL,
    filename: 'shell.php.jpg',
    contentType: 'image/jpeg',
    expect: 'refused',
  },
  {
    name: 'PHP behind JPEG magic bytes',
    file: f.PHP_WITH_JPEG_MAGIC,
    filename: 'shell.jpg',
    expect: 'refused',
  },
  { name: 'ZIP', file: f.ZIP_FILE, filename: 'photos.zip', expect: 'refused' },
  {
    name: 'ZIP renamed .png',
    file: f.ZIP_FILE,
    filename: 'photo.png',
    contentType: 'image/png',
    expect: 'refused',
  },
  { name: 'PDF with JavaScript', file: f.PDF_FILE, filename: 'v.pdf', expect: 'refused' },
  { name: 'GIF', file: f.GIF_FILE, filename: 'v.gif', expect: 'refused' },
  { name: 'BMP', file: f.BMP_FILE, filename: 'v.bmp', expect: 'refused' },
  { name: 'WebP', file: f.WEBP_FILE, filename: 'v.webp', expect: 'refused' },
  { name: 'ELF executable', file: f.ELF_FILE, filename: 'v.jpg', expect: 'refused' },
  { name: 'Windows executable', file: f.PE_FILE, filename: 'v.jpg', expect: 'refused' },
  { name: 'plain text', file: f.TEXT_FILE, filename: 'v.jpg', expect: 'refused' },
  { name: 'pixel flood PNG 60000x60000', file: f.pixelFloodPng(), filename: 'flood.png', expect: 'refused' },
  { name: 'PNG of 0 x 0 pixels', file: f.png(0, 0), expect: 'refused' },
  { name: 'pixel flood JPEG 65535x65535', file: f.jpegSized(65535, 65535), expect: 'refused' },
  { name: 'pixel flood JPEG 2000 60000x60000', file: f.jp2(60000, 60000), expect: 'refused' },
  { name: 'truncated PNG', file: f.png().subarray(0, 40), expect: 'refused' },
  { name: 'PNG with a broken CRC', file: f.pngWithBadCrc(), expect: 'refused' },
  {
    name: 'PNG whose IHDR is not first',
    file: Buffer.concat([f.png().subarray(0, 8), f.textChunk('a', 'b'), f.png().subarray(8)]),
    expect: 'refused',
  },
  { name: 'truncated JPEG', file: f.jpeg().subarray(0, 60), expect: 'refused' },
  { name: 'JPEG without image data', file: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), expect: 'refused' },
  { name: 'JPEG with GPS EXIF', file: f.jpeg([f.exifGps()]), filename: 'IMG_0001.jpg', expect: 'cleaned' },
  {
    name: 'HTML/JPEG polyglot (HTML in a comment and after EOI)',
    file: Buffer.concat([f.jpeg([f.comment('<html><script>alert(1)</script>')]), f.HTML_PAGE]),
    filename: 'poly.html',
    contentType: 'text/html',
    expect: 'cleaned',
  },
  { name: 'JPEG with a ZIP appended', file: Buffer.concat([f.jpeg(), f.ZIP_FILE]), expect: 'cleaned' },
  {
    name: 'JPEG with XMP and an ICC profile',
    file: f.jpeg([f.xmp('<x:xmpmeta>GPSMARKER</x:xmpmeta>'), f.iccProfile()]),
    expect: 'cleaned',
  },
  {
    name: 'PNG with text chunks carrying script',
    file: f.png(2, 2, [f.textChunk('Comment', '<script>alert(1)</script>'), f.textChunk('GPS', 'GPSMARKER')]),
    expect: 'cleaned',
  },
  {
    name: 'PNG with PHP after IEND',
    file: Buffer.concat([f.png(), f.PHP_SHELL]),
    filename: 'a.php',
    expect: 'cleaned',
  },
  { name: 'JPEG 2000 with an xml box and a comment', file: f.jp2(), filename: 'scan.jp2', expect: 'cleaned' },
  { name: '../ in the file name', file: f.jpeg(), filename: '../../../../etc/passwd.jpg', expect: 'cleaned' },
  { name: 'NUL and slashes in the file name', file: f.png(), filename: 'a\0b/..\\c.png', expect: 'cleaned' },
  {
    name: 'sound PNG declared as text/html',
    file: f.png(),
    filename: 'index.html',
    contentType: 'text/html',
    expect: 'cleaned',
  },
];

describe('hostile uploads (issue 14, item 7)', () => {
  let t: ReliabilityApp;
  let base: string;
  let owner: RegisteredUser;
  let other: RegisteredUser;
  let reviewer: string;
  let operator: string;
  const accepted: { name: string; id: string }[] = [];

  beforeAll(async () => {
    t = await createReliabilityApp({
      DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data'),
      LOG_LEVEL: 'error',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    owner = await registerUser(t);
    other = await registerUser(t);
    reviewer = (await adminWithRoles(t, [AdminRole.Reviewer])).token;
    operator = (await adminWithRoles(t, [AdminRole.Operator])).token;
  }, 240_000);
  afterAll(async () => {
    t.app.getHttpServer().closeAllConnections();
    await t.close();
  }, 120_000);

  const upload = (c: Pick<Case, 'file' | 'filename' | 'contentType'>) =>
    t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ ...bearer(owner.token), ...REAL })
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '150')
      .field('txHash', `0x${randomBytes(32).toString('hex')}`)
      .attach('voucher', c.file, {
        filename: c.filename ?? 'voucher.bin',
        contentType: c.contentType ?? 'application/octet-stream',
      });

  it(`holds at least 30 hostile files (${CORPUS.length})`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CORPUS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await upload(c);
    if (c.expect === 'refused') {
      expect([res.body.code, res.body.result]).toEqual([
        400,
        [expect.objectContaining({ field: 'voucher' })],
      ]);
      return;
    }
    expect(res.body.code).toBe(20002);
    const id = String(res.body.result.id);
    accepted.push({ name: c.name, id });
    // Stored under a name the server chose.
    const rows: { voucher_path: string }[] = await t.db.query(
      'SELECT voucher_path FROM funds.recharges WHERE id = $1',
      [id],
    );
    expect(path.basename(rows[0].voucher_path)).toMatch(/^[0-9a-f-]{36}\.(jpg|png|jp2)$/);
    // The owner gets it back re-written: an attachment under a server name, nosniff, no metadata.
    const got = await t
      .http()
      .get(`/swx/customer/user/recharge/${id}/voucher`)
      .set(bearer(owner.token))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(got.status).toBe(200);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="voucher-${id}\\.(jpg|png|jp2)"$`),
    );
    expect(got.headers['content-type']).toMatch(/^image\/(jpeg|png|jp2)/);
    const body = got.body as Buffer;
    const text = body.toString('latin1');
    for (const marker of FORBIDDEN)
      expect([c.name, marker, text.includes(marker)]).toEqual([c.name, marker, false]);
    expect(body.length).toBeLessThanOrEqual(c.file.length);
    // Still the image type it was detected as.
    expect(body.subarray(0, 2).toString('hex')).toBe(c.file.subarray(0, 2).toString('hex'));
  });

  it('serves a stored file only to its owner and to reviewers', async () => {
    expect(accepted.length).toBeGreaterThan(5);
    const { id } = accepted[0];
    const as = (h: Record<string, string>, url: string) => t.http().get(url).set(h);
    expect((await as({}, `/swx/customer/user/recharge/${id}/voucher`)).body.code).toBe(401);
    expect((await as(bearer(other.token), `/swx/customer/user/recharge/${id}/voucher`)).body.code).toBe(404);
    expect((await as(bearer(operator), `/swx/admin/recharges/${id}/voucher`)).body.code).toBe(403);
    expect((await as(bearer(owner.token), `/swx/admin/recharges/${id}/voucher`)).body.code).toBe(401);
    const byReviewer = await as(bearer(reviewer), `/swx/admin/recharges/${id}/voucher`);
    expect(byReviewer.status).toBe(200);
    expect(byReviewer.headers['x-content-type-options']).toBe('nosniff');
    expect(byReviewer.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('KYC documents are re-written and sent the same way', async () => {
    const user = await registerUser(t);
    const req = t.http().post('/swx/customer/user/identification').set(bearer(user.token));
    const fields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: 'London',
      phone: '+447700900123',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    void req
      .attach('front', f.jpeg([f.exifGps()]), '../front.jpg')
      .attach('inHand', f.png(2, 2, [f.textChunk('c', '<script>x</script>')]), 'h.png')
      .attach('signature', f.png(), 's.png');
    expect((await req).body.code).toBe(20001);
    const status = await t.http().get('/swx/customer/user/getIdentification').set(bearer(user.token));
    for (const slot of ['front', 'inHand']) {
      const got = await t
        .http()
        .get(status.body.result.documents[slot] as string)
        .buffer(true);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-disposition']).toMatch(/^attachment; filename="kyc-\d+-\w+\.(jpg|png)"$/);
      const text = Buffer.from(got.body as Buffer).toString('latin1');
      for (const marker of FORBIDDEN)
        expect([slot, marker, text.includes(marker)]).toEqual([slot, marker, false]);
    }
    // A hostile document refuses the whole submission, nothing is stored.
    const bad = t.http().post('/swx/customer/user/identification').set(bearer(user.token));
    for (const [k, v] of Object.entries(fields)) void bad.field(k, v);
    void bad
      .attach('front', f.SVG_WITH_SCRIPT, 'f.png')
      .attach('inHand', f.png(), 'h.png')
      .attach('signature', f.png(), 's.png');
    expect((await bad).body.code).toBe(400);
  });

  it('a file over the limit is refused (413) and a 200 MB body is cut off early, memory bounded', async () => {
    const over = await upload({ file: Buffer.concat([f.png(), Buffer.alloc(3 * 1024 * 1024)]) });
    expect(over.body.code).toBe(413);

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const boundary = `----reliability${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="coin"\r\n\r\nUSDT\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="voucher"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const total = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const outcome = await new Promise<{ status?: number; body: string; sent: number; error?: string }>(
      (resolve) => {
        let sent = 0;
        let done = false;
        const finish = (v: { status?: number; body: string; sent: number; error?: string }) => {
          if (!done) {
            done = true;
            resolve(v);
          }
        };
        const req = http.request(`${base}/swx/customer/user/recharge`, {
          method: 'POST',
          headers: {
            ...bearer(owner.token),
            ...REAL,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + total + boundary.length + 8),
          },
        });
        req.on('response', (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            finish({ status: res.statusCode, body: Buffer.concat(parts).toString(), sent }),
          );
        });
        req.on('error', (e) => finish({ body: '', sent, error: e.message }));
        req.write(head);
        const pump = () => {
          while (sent < total && !done) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once('drain', pump);
              return;
            }
          }
          if (!done) req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      },
    );
    clearInterval(sampler);
    const growthMb = (peak - before) / 1024 / 1024;
    process.stdout.write(
      `[hostile uploads] 200 MB body: answer ${outcome.body || outcome.error} after ${Math.round(outcome.sent / 1024 / 1024)} MB sent; RSS growth ${growthMb.toFixed(1)} MB\n`,
    );
    // Refused by its declared length: answered before the body was sent (at most a few MB of it).
    expect(JSON.parse(outcome.body).code).toBe(413);
    expect(outcome.sent).toBeLessThan(32 * 1024 * 1024);
    expect(growthMb).toBeLessThan(150);
  }, 180_000);

  it('the pixel flood is refused without decoding: memory stays flat', async () => {
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 5; i++) expect((await upload({ file: f.pixelFloodPng() })).body.code).toBe(400);
    const growthMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(growthMb).toBeLessThan(64);
  });

  it('other bodies: not multipart (415), too many files', async () => {
    const json = await t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ ...bearer(owner.token), ...REAL })
      .send({ coin: 'USDT', voucher: 'data:image/svg+xml;base64,PHN2Zz4=' });
    expect(json.body.code).toBe(415);
    const many = t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ ...bearer(owner.token), ...REAL })
      .field('coin', 'USDT');
    for (let i = 0; i < 8; i++) void many.attach(`voucher${i}`, f.png(), `${i}.png`);
    const res = await many;
    expect(res.status).toBeLessThan(500);
    expect([400, 413]).toContain(res.body.code);
  });
});
