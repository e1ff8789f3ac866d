import { createTestApp, type TestApp } from '../../support/test-app';
import { auditActions, bearer, contentCallers } from './content-admin';

interface ListedItem {
  id: number;
  slug: string | null;
  section: string;
  type: number;
  language: string;
  title: string;
}

describe('content items', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof contentCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await contentCallers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (language: string, query: Record<string, string> = {}) =>
    (await t.http().get(`/swx/customer/index/listContents/${language}`).query(query)).body;
  const bySlug = (items: ListedItem[], slug: string) => items.find((i) => i.slug === slug);

  describe('GET /swx/customer/index/getContentsById/:id', () => {
    it('refuses a non-numeric or zero id with 400 and answers 404 for an unknown one', async () => {
      for (const id of ['abc', '1.5', '0', '99999999999']) {
        const res = await t.http().get(`/swx/customer/index/getContentsById/${id}`);
        expect(res.status).toBe(200);
        expect(res.body.code).toBe(400);
        expect(res.body.result).toEqual([{ field: 'id', message: expect.any(String) }]);
      }
      expect((await t.http().get('/swx/customer/index/getContentsById/987654')).body.code).toBe(404);
    });

    it('answers the item with its body', async () => {
      const about = bySlug((await list('en')).result, 'about-us')!;
      const res = await t.http().get(`/swx/customer/index/getContentsById/${about.id}`);
      expect(res.body.code).toBe(200);
      expect(res.body.result).toMatchObject({
        id: about.id,
        slug: 'about-us',
        type: 1,
        language: 'en',
        title: 'About us',
        body: expect.stringContaining('<p>SWX is an online trading'),
      });
    });
  });

  describe('GET /swx/customer/index/listContents/:language', () => {
    it('refuses an unknown section with 400', async () => {
      expect((await list('en', { section: 'ads' })).code).toBe(400);
    });

    it('lists the footer groups and the help centre of a language, without bodies', async () => {
      const body = await list('en');
      expect(body.code).toBe(200);
      const items = body.result as ListedItem[];
      expect(items).toHaveLength(14);
      expect(items.every((i) => i.language === 'en' && !('body' in i))).toBe(true);
      expect(new Set(items.map((i) => i.type))).toEqual(new Set([1, 2, 3]));
      expect(bySlug(items, 'privacy')).toMatchObject({ type: 2, section: 'footer', title: 'Privacy policy' });
      expect(bySlug(items, 'risk-warning')).toMatchObject({ type: 3, section: 'footer' });
      // Ordered by type, then sort order: the footer can group without re-sorting.
      expect(items.map((i) => i.type)).toEqual([...items.map((i) => i.type)].sort());
      const help = (await list('en', { section: 'help' })).result as ListedItem[];
      expect(help.map((i) => i.slug)).toEqual(
        expect.arrayContaining(['help-centre', 'faq-account', 'faq-deposit', 'faq-withdrawal', 'faq-demo']),
      );
      expect(help.every((i) => i.section === 'help')).toBe(true);
    });

    it('has real translations in every language', async () => {
      const en = (await list('en')).result as ListedItem[];
      for (const language of ['zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th']) {
        const items = (await list(language)).result as ListedItem[];
        expect(items).toHaveLength(14);
        expect(items.every((i) => i.language === language)).toBe(true);
        for (const item of items) expect(item.title).not.toBe(bySlug(en, item.slug!)!.title);
      }
      expect(bySlug((await list('fr')).result, 'about-us')!.title).toBe('À propos de nous');
      expect(bySlug((await list('zh')).result, 'about-us')!.title).toBe('关于我们');
    });

    it('reads zh for zh-tw (the spec rule of this route), keeps hk for hk and zh-HK, English for unknown languages', async () => {
      for (const tag of ['zh-tw', 'zh-TW', 'zh_TW']) {
        const items = (await list(tag)).result as ListedItem[];
        expect(items).toHaveLength(14);
        expect(items.every((i) => i.language === 'zh')).toBe(true);
        expect(bySlug(items, 'about-us')!.title).toBe('关于我们');
      }
      for (const tag of ['hk', 'zh-HK']) {
        const items = (await list(tag)).result as ListedItem[];
        expect(items).toHaveLength(14);
        expect(items.every((i) => i.language === 'hk')).toBe(true);
        expect(bySlug(items, 'about-us')!.title).toBe('關於我們');
      }
      for (const tag of ['pt', 'xx-YY', 'undefined']) {
        const items = (await list(tag)).result as ListedItem[];
        expect(items).toHaveLength(14);
        expect(items.every((i) => i.language === 'en')).toBe(true);
      }
    });

    it('shows the English items of a type that a known language lacks, beside its own items', async () => {
      // No language has a help item of type 2: an English one must reach every language.
      const slug = `fallback-probe-${Date.now()}`;
      const created = await t.http().post('/swx/admin/contents').set(bearer(callers.operator)).send({
        type: 2,
        language: 'en',
        section: 'help',
        slug,
        title: 'Fallback probe',
        body: '<p>Only in English.</p>',
        sortOrder: 5,
      });
      expect(created.body.code).toBe(200);
      try {
        for (const tag of ['th', 'de', 'zh-tw', 'hk']) {
          const own = tag === 'zh-tw' ? 'zh' : tag;
          const items = (await list(tag)).result as ListedItem[];
          expect(items).toHaveLength(15);
          expect(bySlug(items, slug)).toMatchObject({ language: 'en', type: 2, section: 'help' });
          // Every other item stays in the language itself, and the list is still ordered by type.
          expect(items.filter((i) => i.slug !== slug).every((i) => i.language === own)).toBe(true);
          expect(items.map((i) => i.type)).toEqual([...items.map((i) => i.type)].sort());
          const help = (await list(tag, { section: 'help' })).result as ListedItem[];
          expect(help.map((i) => i.language).sort()).toEqual(['en', own, own, own, own, own].sort());
          expect(bySlug(help, slug)!.language).toBe('en');
          const footer = (await list(tag, { section: 'footer' })).result as ListedItem[];
          expect(footer).toHaveLength(9);
          expect(footer.every((i) => i.language === own)).toBe(true);
        }
        // A language with its own item of that group shows its own, not the English one.
        const th = await t.http().post('/swx/admin/contents').set(bearer(callers.operator)).send({
          type: 2,
          language: 'th',
          section: 'help',
          slug,
          title: 'ทดสอบภาษาสำรอง',
          body: '<p>ภาษาไทยเท่านั้น</p>',
          sortOrder: 5,
        });
        expect(th.body.code).toBe(200);
        try {
          const items = (await list('th')).result as ListedItem[];
          expect(items).toHaveLength(15);
          expect(items.every((i) => i.language === 'th')).toBe(true);
          expect(bySlug(items, slug)!.title).toBe('ทดสอบภาษาสำรอง');
        } finally {
          await t.http().delete(`/swx/admin/contents/${th.body.result.id}`).set(bearer(callers.operator));
        }
      } finally {
        await t.http().delete(`/swx/admin/contents/${created.body.result.id}`).set(bearer(callers.operator));
      }
      expect(bySlug((await list('th')).result, slug)).toBeUndefined();
    });
  });

  describe('/swx/admin/contents', () => {
    it('answers 401 without an admin session and 403 to an admin without the operator role', async () => {
      expect((await t.http().get('/swx/admin/contents')).body.code).toBe(401);
      expect((await t.http().get('/swx/admin/contents').set(bearer(callers.customer))).body.code).toBe(401);
      expect((await t.http().get('/swx/admin/contents').set(bearer(callers.reviewer))).body.code).toBe(403);
      const write = await t
        .http()
        .post('/swx/admin/contents')
        .set(bearer(callers.reviewer))
        .send({ type: 1, language: 'en', title: 'x', body: 'y' });
      expect(write.body.code).toBe(403);
    });

    it('validates bodies: required fields, enums, unknown fields and active HTML', async () => {
      const post = (body: object) =>
        t.http().post('/swx/admin/contents').set(bearer(callers.operator)).send(body);
      const empty = await post({});
      expect(empty.body.code).toBe(400);
      expect((empty.body.result as { field: string }[]).map((e) => e.field)).toEqual(
        expect.arrayContaining(['type', 'language', 'title', 'body']),
      );
      const ok = { type: 3, language: 'en', title: 'T', body: '<p>fine</p>' };
      for (const bad of [
        { ...ok, type: 4 },
        { ...ok, language: 'pt' },
        { ...ok, title: '   ' },
        { ...ok, slug: 'Not A Slug' },
        { ...ok, published: 'yes' },
        { ...ok, body: '<p>hi</p><script>alert(1)</script>' },
        { ...ok, body: '<img src=x onerror="alert(1)">' },
        { ...ok, body: '<a href="javascript:alert(1)">x</a>' },
        // The same link behind character references or a tab, as a browser reads it.
        { ...ok, body: '<a href="&#106;avascript:alert(1)">x</a>' },
        { ...ok, body: '<a href="java&#x09;script:alert(1)">x</a>' },
        { ...ok, owner: 'me' },
      ]) {
        expect((await post(bad)).body.code).toBe(400);
      }
      const badId = await t.http().get('/swx/admin/contents/abc').set(bearer(callers.operator));
      expect(badId.body.code).toBe(400);
      const unknown = await t.http().get('/swx/admin/contents/987654').set(bearer(callers.operator));
      expect(unknown.body.code).toBe(404);
      const badSort = await t
        .http()
        .get('/swx/admin/contents')
        .query({ sort: '["body","ASC"]' })
        .set(bearer(callers.operator));
      expect(badSort.body.code).toBe(400);
    });

    it('lists with range, sort and filter and a Content-Range header', async () => {
      const res = await t
        .http()
        .get('/swx/admin/contents')
        .query({ range: '[0,4]', sort: '["title","ASC"]', filter: JSON.stringify({ language: 'de' }) })
        .set(bearer(callers.operator));
      expect(res.body.code).toBe(200);
      expect(res.headers['content-range']).toBe('contents 0-4/14');
      expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
      const titles = (res.body.result as { title: string; language: string }[]).map((r) => r.title);
      expect(titles).toHaveLength(5);
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const ids = (res.body.result as { id: number }[]).slice(0, 2).map((r) => r.id);
      const many = await t
        .http()
        .get('/swx/admin/contents')
        .query({ filter: JSON.stringify({ id: ids }) })
        .set(bearer(callers.operator));
      expect((many.body.result as { id: number }[]).map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(many.headers['content-range']).toBe('contents 0-1/2');
    });

    it('creates, updates (accepting the echoed record), hides and deletes, auditing every write', async () => {
      const created = await t.http().post('/swx/admin/contents').set(bearer(callers.operator)).send({
        type: 3,
        language: 'ko',
        section: 'help',
        slug: 'faq-loan',
        title: '대출은 어떻게 신청하나요?',
        body: '<p>본인 인증 후 대출 페이지에서 신청할 수 있습니다.</p>',
        sortOrder: 60,
      });
      expect(created.status).toBe(200);
      expect(created.body.code).toBe(200);
      const item = created.body.result as { id: number; published: boolean; createdAt: string };
      expect(item).toMatchObject({ id: expect.any(Number), published: true, slug: 'faq-loan' });
      expect(bySlug((await list('ko')).result, 'faq-loan')).toMatchObject({ id: item.id, type: 3 });

      const duplicate = await t
        .http()
        .post('/swx/admin/contents')
        .set(bearer(callers.operator))
        .send({ type: 3, language: 'ko', slug: 'faq-loan', title: 'again', body: 'again' });
      expect(duplicate.body.code).toBe(409);

      const one = await t.http().get(`/swx/admin/contents/${item.id}`).set(bearer(callers.operator));
      const updated = await t
        .http()
        .put(`/swx/admin/contents/${item.id}`)
        .set(bearer(callers.operator))
        .send({ ...one.body.result, title: '대출 신청 방법', published: false });
      expect(updated.body.code).toBe(200);
      expect(updated.body.result).toMatchObject({ id: item.id, title: '대출 신청 방법', published: false });
      // Unpublished: gone from the customer list and from getContentsById.
      expect(bySlug((await list('ko')).result, 'faq-loan')).toBeUndefined();
      expect((await t.http().get(`/swx/customer/index/getContentsById/${item.id}`)).body.code).toBe(404);

      const deleted = await t.http().delete(`/swx/admin/contents/${item.id}`).set(bearer(callers.operator));
      expect(deleted.body.result).toMatchObject({ id: item.id, slug: 'faq-loan' });
      const again = await t.http().delete(`/swx/admin/contents/${item.id}`).set(bearer(callers.operator));
      expect(again.body.code).toBe(404);

      await expect(auditActions(t, 'content_item', String(item.id))).resolves.toEqual([
        'content.created',
        'content.updated',
        'content.deleted',
      ]);
    });
  });
});
