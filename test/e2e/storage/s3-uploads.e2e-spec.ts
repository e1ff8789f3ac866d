import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// s3rver: an S3-compatible server in Node, standing in for MinIO/AWS (CommonJS, no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
};
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A sound baseline JPEG (one grey 8x8 block): uploads are checked by their structure, not only their magic. */
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);
const BUCKET = 'swx-uploads';
const PREFIX = 'test-run/';

describe('uploads in S3-compatible storage (UPLOADS_S3_BUCKET)', () => {
  let t: TestApp;
  let server: InstanceType<typeof S3rver>;
  let s3: S3Client;
  let s3Dir: string;
  let dataDir: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'swx-s3-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'swx-data-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    t = await createTestApp({
      DATA_DIR: dataDir,
      UPLOADS_S3_BUCKET: BUCKET,
      UPLOADS_S3_PREFIX: PREFIX,
      UPLOADS_S3_ENDPOINT: endpoint,
      UPLOADS_S3_FORCE_PATH_STYLE: 'true',
      UPLOADS_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      UPLOADS_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t.close();
    s3.destroy();
    await server.close();
    rmSync(s3Dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const objects = async (under: string) =>
    (
      (await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}${under}` }))).Contents ??
      []
    )
      .map((o) => o.Key!)
      .sort();
  const localUploads = () => {
    try {
      return readdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    } catch {
      return [];
    }
  };
  const hash = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
  const recharge = (user: RegisteredUser, txHash: string, voucher: Buffer) =>
    t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' })
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '150')
      .field('txHash', txHash)
      .attach('voucher', voucher, 'voucher.bin');

  it('stores a deposit voucher in the bucket, serves it to its owner only, and removes it when the row fails', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const txHash = hash();
    const res = await recharge(user, txHash, PNG);
    expect(res.body.code).toBe(20002);
    const id = res.body.result.id as string;
    const stored = await objects('vouchers/');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^test-run\/vouchers\/[0-9a-f-]{36}\.png$/);

    const own = await t
      .http()
      .get(`/swx/customer/user/recharge/${id}/voucher`)
      .set('Authorization', `Bearer ${user.token}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(own.body as Buffer, PNG)).toBe(0);
    const foreign = await t
      .http()
      .get(`/swx/customer/user/recharge/${id}/voucher`)
      .set('Authorization', `Bearer ${other.token}`);
    expect(foreign.body.code).toBe(404);

    // The same transaction hash again: refused, and its image does not stay in the bucket.
    const duplicate = await recharge(other, txHash, JPG);
    expect(duplicate.body).toMatchObject({ code: 400, result: [{ field: 'txHash' }] });
    expect(await objects('vouchers/')).toEqual(stored);
    expect(localUploads()).toEqual([]);
  });

  it('stores KYC documents in the bucket and serves them through the signed links', async () => {
    const user = await registerUser(t);
    const req = t
      .http()
      .post('/swx/customer/user/identification')
      .set('Authorization', `Bearer ${user.token}`);
    const fields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: '12 St James Square, London',
      phone: '+447700900123',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    void req
      .attach('front', JPG, 'front.jpg')
      .attach('inHand', JPG, 'in-hand.jpg')
      .attach('signature', PNG, 's.png');
    expect((await req).body.code).toBe(20001);

    expect(await objects(`kyc/${user.id}/`)).toHaveLength(3);
    const status = await t
      .http()
      .get('/swx/customer/user/getIdentification')
      .set('Authorization', `Bearer ${user.token}`);
    const links = status.body.result.documents as Record<string, string>;
    const signature = await t.http().get(links.signature);
    expect(signature.status).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');
    expect(localUploads()).toEqual([]);
  });
});
