import { LANGUAGES } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, contentCallers } from './content-admin';

/*
 * A refused field of the content console is named in the caller's language, in every language:
 * "{field} is not valid" must not show the property's code name (publishedAt, benefits).
 */
describe('content console field errors name the field in every language', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await contentCallers(t)).operator;
  });
  afterAll(async () => {
    await t.close();
  });

  const refused = [
    {
      field: 'publishedAt',
      request: () =>
        t
          .http()
          .post('/swx/admin/announcements')
          .send({ language: 'en', title: 'Notice', content: 'Text', publishedAt: 'yesterday' }),
    },
    {
      field: 'benefits',
      request: () =>
        t
          .http()
          .post('/swx/admin/levels')
          .send({
            level: 42,
            name: 'VIP 42',
            minDeposit: '1',
            minVolume: '1',
            feeDiscount: '0.1',
            benefits: { en: 'x', pt: 'y' },
          }),
    },
  ];

  it.each(refused.map((r) => [r.field, r]))('%s', async (field, { request }) => {
    for (const lang of LANGUAGES) {
      const res = await request().set(bearer(operator)).set('lang', lang);
      expect(res.body.code).toBe(400);
      const [error] = res.body.result as { field: string; message: string }[];
      expect(error.field).toBe(field);
      expect({ lang, message: error.message }).toEqual({
        lang,
        message: expect.not.stringContaining(field) as string,
      });
    }
  });
});
