import path from 'node:path';
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

describe('KYC /swx/customer/user/identification', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data') });
    adminToken = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const fields = (extra: Record<string, string> = {}) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    sex: 'female',
    birthdate: '1990-12-10',
    country: 'GB',
    address: '12 St James Square, London',
    phone: '+447700900123',
    documentType: 'id_card',
    documentNumber: 'AB123456',
    ...extra,
  });
  const submit = (
    u: RegisteredUser,
    f: Record<string, string>,
    files: Record<string, Buffer> = { front: JPG, back: JPG, inHand: JPG, signature: PNG },
  ) => {
    const req = t.http().post('/swx/customer/user/identification').set('Authorization', `Bearer ${u.token}`);
    for (const [k, v] of Object.entries(f)) void req.field(k, v);
    for (const [k, v] of Object.entries(files)) void req.attach(k, v, `${k}.bin`);
    return req;
  };
  /** My KYC notifications (the bell), newest first, in `lang`. */
  const kycNotices = async (u: RegisteredUser, lang = 'en') =>
    (
      (
        await t
          .http()
          .get('/swx/customer/user/listNotification')
          .set('Authorization', `Bearer ${u.token}`)
          .set('lang', lang)
      ).body.result.list as { type: string; title: string; content: string; refType: string; refId: string }[]
    ).filter((n) => n.type === 'kyc');
  const status = async (u: RegisteredUser) =>
    (await t.http().get('/swx/customer/user/getIdentification').set('Authorization', `Bearer ${u.token}`))
      .body.result;

  it('answers each validation message', async () => {
    const user = await registerUser(t);
    expect((await status(user)).status).toBe('unverified');
    expect((await submit(user, fields({ firstName: '' }))).body).toMatchObject({
      code: 400,
      result: [{ field: 'firstName' }],
    });
    expect((await submit(user, fields({ birthdate: '2015-01-01' }))).body).toMatchObject({
      code: 400,
      result: [{ field: 'birthdate', message: 'You must be at least 18 years old' }],
    });
    expect((await submit(user, fields({ country: 'XX' }))).body).toMatchObject({
      code: 400,
      result: [{ field: 'country' }],
    });
    expect((await submit(user, fields({ phone: '0800' }))).body).toMatchObject({
      code: 400,
      result: [{ field: 'phone' }],
    });
    expect((await submit(user, fields(), { front: JPG, inHand: JPG, signature: PNG })).body).toMatchObject({
      code: 400,
      result: [{ field: 'back', message: 'Please upload the required images' }],
    });
    expect((await submit(user, fields(), { front: JPG, back: JPG, inHand: JPG })).body).toMatchObject({
      code: 400,
      result: [{ field: 'signature', message: 'Not signed: please sign first' }],
    });
    expect(
      (
        await submit(user, fields(), {
          front: Buffer.from('%PDF-1.4 not an image'),
          back: JPG,
          inHand: JPG,
          signature: PNG,
        })
      ).body,
    ).toMatchObject({
      code: 400,
      result: [{ field: 'front', message: 'Supported formats: JPG, JPEG 2000, PNG' }],
    });
    expect((await status(user)).status).toBe('unverified');
  });

  it('submit -> pending (10019 for a second one) -> reject with reason -> resubmit -> approve', async () => {
    const user = await registerUser(t);
    const first = await submit(user, fields({ documentType: 'passport' }), {
      front: JPG,
      inHand: JPG,
      signature: PNG,
    });
    expect(first.body).toMatchObject({ code: 20001, result: { status: 'pending' } });
    expect((await submit(user, fields())).body.code).toBe(10019);
    const id = first.body.result.id as string;
    const review = await t.http().get(`/swx/admin/kyc/${id}`).set('Authorization', `Bearer ${adminToken}`);
    expect(review.body.result).toMatchObject({
      status: 'pending',
      data: { firstName: 'Ada', documentType: 'passport' },
    });
    expect(Object.keys(review.body.result.documents).sort()).toEqual(['front', 'inHand', 'signature']);
    const rejected = await t
      .http()
      .post(`/swx/admin/kyc/${id}/reject`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ reason: 'The photo is blurred' });
    expect(rejected.body.result).toMatchObject({ status: 'failed', reason: 'The photo is blurred' });
    expect(await status(user)).toMatchObject({ status: 'failed', reason: 'The photo is blurred' });
    // The user is told, with the reason; a repeated decision tells nothing twice.
    await t
      .http()
      .post(`/swx/admin/kyc/${id}/reject`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ reason: 'The photo is blurred' });
    expect(await kycNotices(user)).toEqual([
      expect.objectContaining({
        title: 'Identity verification failed',
        content:
          'Your identity verification was not approved: The photo is blurred. You can correct it and submit again.',
        refType: 'kyc',
        refId: id,
      }),
    ]);
    const second = await submit(user, fields());
    expect(second.body.code).toBe(20001);
    const approved = await t
      .http()
      .post(`/swx/admin/kyc/${second.body.result.id}/approve`)
      .set('Authorization', `Bearer ${adminToken}`);
    expect(approved.body.result.status).toBe('verified');
    expect((await status(user)).status).toBe('verified');
    const told = await kycNotices(user, 'de');
    expect(told.map((n) => n.title)).toEqual(['Identität bestätigt', 'Identitätsprüfung fehlgeschlagen']);
    expect(told[0]).toMatchObject({ refId: second.body.result.id });
    expect((await submit(user, fields())).body.code).toBe(10019);
    const audit = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE target_type = 'kyc' AND target_id IN ($1, $2) ORDER BY id`,
      [id, second.body.result.id],
    );
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['kyc.failed', 'kyc.verified']);
  });

  it('documents are private: signed links that expire; another user or a forged link gets 404', async () => {
    const owner = await registerUser(t);
    await submit(owner, fields());
    const links = (await status(owner)).documents as Record<string, string>;
    const own = await t.http().get(links.signature);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    const forged = links.signature.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`);
    expect((await t.http().get(forged)).body.code).toBe(404);
    const otherSlot = links.signature.replace('/signature?', '/front?');
    expect((await t.http().get(otherSlot)).body.code).toBe(404);
    const expired = links.signature.replace(/exp=\d+/, `exp=${Date.now() - 1000}`);
    expect((await t.http().get(expired)).body.code).toBe(404);
    const other = await registerUser(t);
    expect((await status(other)).documents).toEqual({});
    expect(
      (await t.http().get('/swx/admin/kyc').set('Authorization', `Bearer ${other.token}`)).body.code,
    ).toBe(401);
  });

  describe('POST newIdentification (advanced certification)', () => {
    const advanced = (
      u: RegisteredUser,
      f: Record<string, string>,
      files: Record<string, Buffer> = { proof: JPG },
    ) => {
      const req = t
        .http()
        .post('/swx/customer/user/newIdentification')
        .set('Authorization', `Bearer ${u.token}`);
      for (const [k, v] of Object.entries(f)) void req.field(k, v);
      for (const [k, v] of Object.entries(files)) void req.attach(k, v, `${k}.bin`);
      return req;
    };
    const form = { monthlyIncome: '4500', sourceOfWealth: 'salary', expectedInvestment: '20000' };

    it('needs a verified identity first (10022), then takes its own review', async () => {
      const user = await registerUser(t);
      expect((await advanced(user, form)).body.code).toBe(10022);
      const basic = await submit(user, fields());
      await t
        .http()
        .post(`/swx/admin/kyc/${basic.body.result.id}/approve`)
        .set('Authorization', `Bearer ${adminToken}`);
      expect((await advanced(user, { ...form, monthlyIncome: 'lots' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'monthlyIncome' }],
      });
      expect((await advanced(user, form, {})).body).toMatchObject({
        code: 400,
        result: [{ field: 'proof' }],
      });
      const sent = await advanced(user, form, { proof: JPG, proof2: PNG });
      expect(sent.body).toMatchObject({ code: 20001, result: { status: 'pending' } });
      expect((await advanced(user, form)).body.code).toBe(10019);
      const state = (
        await t
          .http()
          .get('/swx/customer/user/getNewIdentification')
          .set('Authorization', `Bearer ${user.token}`)
      ).body.result;
      expect(state.status).toBe('pending');
      expect(Object.keys(state.documents).sort()).toEqual(['proof', 'proof2']);
      await t
        .http()
        .post(`/swx/admin/kyc/${sent.body.result.id}/reject`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ reason: 'The proof of assets is unreadable' });
      expect((await kycNotices(user, 'fr'))[0]).toMatchObject({
        title: 'Échec de la certification avancée',
        content:
          'Votre certification avancée n’a pas été approuvée : The proof of assets is unreadable. Vous pouvez la corriger et la soumettre à nouveau.',
        refType: 'kyc_advanced',
      });
      const resent = await advanced(user, form);
      expect(resent.body.code).toBe(20001);
      const approved = await t
        .http()
        .post(`/swx/admin/kyc/${resent.body.result.id}/approve`)
        .set('Authorization', `Bearer ${adminToken}`);
      expect(approved.body.result).toMatchObject({ level: 'advanced', status: 'verified' });
      expect((await kycNotices(user, 'ja')).map((n) => [n.title, n.refType])).toEqual([
        ['高度認証が承認されました', 'kyc_advanced'],
        ['高度認証が承認されませんでした', 'kyc_advanced'],
        ['本人確認が完了しました', 'kyc'],
      ]);
    });
  });
});
