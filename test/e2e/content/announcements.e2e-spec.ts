import { createTestApp, type TestApp } from '../../support/test-app';
import { auditActions, bearer, contentCallers } from './content-admin';

interface Notice {
  id: number;
  lang: string;
  title: string;
  content: string;
  publishedAt: string;
}

describe('announcements', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof contentCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await contentCallers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const notify = async (headers: Record<string, string> = {}) =>
    (await t.http().get('/swx/customer/index/listnotify').set(headers)).body.result as Notice[];
  const post = (body: object, token = callers.operator) =>
    t.http().post('/swx/admin/announcements').set(bearer(token)).send(body);

  describe('GET /swx/customer/index/listnotify', () => {
    it('answers English by default, newest first, with id, lang, title, content and publishedAt', async () => {
      const list = await notify();
      expect(list).toHaveLength(3);
      expect(list[0]).toEqual({
        id: expect.any(Number),
        lang: 'en',
        title: 'Security reminder',
        content: expect.stringContaining('never ask'),
        publishedAt: expect.any(String),
      });
      const times = list.map((n) => Date.parse(n.publishedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('follows the lang header, then Accept-Language, with zh-TW as hk', async () => {
      const fr = await notify({ lang: 'fr' });
      expect(fr.map((n) => n.lang)).toEqual(['fr', 'fr', 'fr']);
      expect(fr[2].title).toBe('Bienvenue sur SWX');
      const ja = await notify({ 'Accept-Language': 'pt-BR,ja-JP;q=0.9,en;q=0.5' });
      expect(ja.every((n) => n.lang === 'ja')).toBe(true);
      const hk = await notify({ lang: 'zh-TW' });
      expect(hk.every((n) => n.lang === 'hk')).toBe(true);
      expect(hk[2].title).toBe('歡迎來到 SWX');
    });

    it('falls back to English when the language has no live announcement', async () => {
      await t.db.query(`UPDATE content.announcements SET active = false WHERE language = 'th'`);
      try {
        const th = await notify({ lang: 'th' });
        expect(th).toHaveLength(3);
        expect(th.every((n) => n.lang === 'en')).toBe(true);
      } finally {
        await t.db.query(`UPDATE content.announcements SET active = true WHERE language = 'th'`);
      }
      expect((await notify({ lang: 'th' })).every((n) => n.lang === 'th')).toBe(true);
    });
  });

  describe('/swx/admin/announcements', () => {
    it('answers 401 to customers and 403 to an admin without the operator role', async () => {
      expect((await t.http().get('/swx/admin/announcements').set(bearer(callers.customer))).body.code).toBe(
        401,
      );
      expect((await t.http().get('/swx/admin/announcements').set(bearer(callers.reviewer))).body.code).toBe(
        403,
      );
      const denied = await post({ language: 'en', title: 'x', content: 'y' }, callers.reviewer);
      expect(denied.body.code).toBe(403);
    });

    it('validates bodies and ids', async () => {
      const ok = { language: 'ko', title: '점검 안내', content: '내일 02:00-03:00 점검이 있습니다.' };
      for (const bad of [
        {},
        { ...ok, language: 'xx' },
        { ...ok, title: '' },
        { ...ok, content: 42 },
        { ...ok, publishedAt: 'yesterday' },
        { ...ok, active: 'true' },
        { ...ok, content: '<iframe src="https://evil.example"></iframe>' },
      ]) {
        expect((await post(bad)).body.code).toBe(400);
      }
      const badId = await t.http().put('/swx/admin/announcements/x1').set(bearer(callers.operator)).send({});
      expect(badId.body.code).toBe(400);
      const unknown = await t
        .http()
        .put('/swx/admin/announcements/987654')
        .set(bearer(callers.operator))
        .send({ title: 'x' });
      expect(unknown.body.code).toBe(404);
    });

    it('lists with range, sort, filter and Content-Range', async () => {
      const res = await t
        .http()
        .get('/swx/admin/announcements')
        .query({ range: '[0,1]', sort: '["publishedAt","DESC"]', filter: JSON.stringify({ language: 'es' }) })
        .set(bearer(callers.operator));
      expect(res.body.code).toBe(200);
      expect(res.headers['content-range']).toBe('announcements 0-1/3');
      expect((res.body.result as { title: string }[])[0].title).toBe('Recordatorio de seguridad');
    });

    it('publishes now or later, hides, edits and deletes, auditing every write', async () => {
      const now = await post({
        language: 'ko',
        title: '점검 안내',
        content: '내일 02:00-03:00 점검이 있습니다.',
      });
      expect(now.body.code).toBe(200);
      const id = now.body.result.id as number;
      expect((await notify({ lang: 'ko' }))[0]).toMatchObject({ id, lang: 'ko', title: '점검 안내' });

      const later = await post({
        language: 'ko',
        title: '예정된 공지',
        content: '아직 보이면 안 됩니다.',
        publishedAt: new Date(Date.now() + 3600_000).toISOString(),
      });
      expect(later.body.code).toBe(200);
      expect((await notify({ lang: 'ko' })).map((n) => n.id)).not.toContain(later.body.result.id);

      const one = await t.http().get(`/swx/admin/announcements/${id}`).set(bearer(callers.operator));
      const hidden = await t
        .http()
        .put(`/swx/admin/announcements/${id}`)
        .set(bearer(callers.operator))
        .send({ ...one.body.result, active: false });
      expect(hidden.body.result).toMatchObject({ id, active: false });
      expect((await notify({ lang: 'ko' })).map((n) => n.id)).not.toContain(id);

      const deleted = await t.http().delete(`/swx/admin/announcements/${id}`).set(bearer(callers.operator));
      expect(deleted.body.result).toMatchObject({ id, title: '점검 안내' });
      await t.http().delete(`/swx/admin/announcements/${later.body.result.id}`).set(bearer(callers.operator));
      expect((await notify({ lang: 'ko' })).map((n) => n.lang)).toEqual(['ko', 'ko', 'ko']);

      await expect(auditActions(t, 'announcement', String(id))).resolves.toEqual([
        'announcement.created',
        'announcement.updated',
        'announcement.deleted',
      ]);
    });

    // The documented forms only (a date, midnight UTC, or a date and time with Z or ±HH:mm), each a
    // real calendar date: anything else is told on the field, never stored as another day (the
    // expanded year -2026-01-01 was stored as 2026-01-01, a week date answered 400 without a field).
    it('publishedAt: a real date in the documented form, anything else refused on the field', async () => {
      const message =
        'Publication date must be a real date such as 2026-01-31, or a date and time with its time zone such as 2026-01-31T09:30:00Z';
      const draft = { language: 'it', title: 'Date', content: 'Testo.', active: false };
      const refused = [
        '-2026-01-01',
        '+002026-01-01',
        '2026-W01-1',
        '2026-001',
        '20260101',
        '2026',
        '2026-01',
        '2026-02-29',
        '2026-02-30',
        '2026-13-01',
        '2026-00-10',
        '2026-01-01T24:00:00Z',
        '2026-01-01T10:60:00Z',
        '2026-01-01T10:00:60Z',
        '2026-01-01T10:00:00,5Z',
        '2026-01-01T10Z',
        '2026-01-01 10:00:00Z',
        '2026-01-01T10:00:00',
        '2026-01-01T10:00:00+0100',
        '2026-01-01T10:00:00+24:00',
        '0000-01-01',
        ' 2026-01-01',
        'yesterday',
        42,
      ];
      for (const publishedAt of refused) {
        const res = await post({ ...draft, publishedAt });
        expect([publishedAt, res.body]).toEqual([
          publishedAt,
          { code: 400, result: [{ field: 'publishedAt', message }], message: expect.any(String) },
        ]);
      }

      const accepted: [string, string][] = [
        ['2026-01-01', '2026-01-01T00:00:00.000Z'],
        ['2028-02-29', '2028-02-29T00:00:00.000Z'],
        ['2026-03-01T10:00Z', '2026-03-01T10:00:00.000Z'],
        ['2026-03-01T10:00:00+02:00', '2026-03-01T08:00:00.000Z'],
        ['2026-03-01T23:30:00-05:30', '2026-03-02T05:00:00.000Z'],
        ['2026-12-31T23:59:59.999Z', '2026-12-31T23:59:59.999Z'],
        ['2026-06-15T12:00:00.123456+00:00', '2026-06-15T12:00:00.123Z'],
      ];
      for (const [publishedAt, stored] of accepted) {
        const res = await post({ ...draft, publishedAt });
        expect([publishedAt, res.body.code, res.body.result?.publishedAt]).toEqual([
          publishedAt,
          200,
          stored,
        ]);
      }

      // An edit is held to the same: refused on the field, the stored date kept.
      const id = (await post({ ...draft, publishedAt: '2026-05-01' })).body.result.id as number;
      for (const publishedAt of ['-2026-01-01', '+002026-01-01', '2026-04-31']) {
        const res = await t
          .http()
          .put(`/swx/admin/announcements/${id}`)
          .set(bearer(callers.operator))
          .send({ publishedAt });
        expect([publishedAt, res.body.code, res.body.result]).toEqual([
          publishedAt,
          400,
          [{ field: 'publishedAt', message }],
        ]);
      }
      const kept = await t.http().get(`/swx/admin/announcements/${id}`).set(bearer(callers.operator));
      expect(kept.body.result.publishedAt).toBe('2026-05-01T00:00:00.000Z');
    });
  });
});
