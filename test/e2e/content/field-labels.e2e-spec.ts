import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bearer, contentCallers } from './content-admin';

/*
 * A refused field is named in the caller's language, in every language: "{field} is not valid"
 * must not show the property's code name (publishedAt, benefits, a multipart form's country).
 */
describe('field errors name the field in every language', () => {
  let t: TestApp;
  let operator: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ operator, customer } = await contentCallers(t));
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
    {
      // A multipart form (validateForm), a customer's: the identity form's country.
      field: 'country',
      caller: () => customer,
      request: () => t.http().post('/swx/customer/user/identification').field('country', 'Narnia'),
    },
  ];

  it.each(refused.map((r) => [r.field, r]))('%s', async (field, { request, caller }) => {
    for (const lang of LANGUAGES) {
      const res = await request()
        .set(bearer(caller ? caller() : operator))
        .set('lang', lang);
      expect(res.body.code).toBe(400);
      const errors = res.body.result as { field: string; message: string }[];
      const error = errors.find((e) => e.field === field) ?? errors[0];
      expect(error.field).toBe(field);
      expect({ lang, message: error.message }).toEqual({
        lang,
        message: expect.not.stringContaining(field) as string,
      });
    }
  });
});

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};

/**
 * Every name a field error can carry, from the OpenAPI document: the properties of every request
 * body (JSON and the multipart forms checked with validateForm or by hand) and every query and path
 * parameter (RejectBadTextPipe names those). Each is the `{field}` of "{field} is not valid" /
 * "{field} is required" and must read as a word of the caller's language, in all 11 of them.
 */
describe('every field the API validates has a label in every language', () => {
  let t: TestApp;
  const fields = new Map<string, Set<string>>();
  const kinds = new Set<string>();
  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.http().get('/swx/docs-json')).body as Doc;
    const resolve = (s: Schema): Schema =>
      s.$ref ? resolve(doc.components.schemas[s.$ref.replace('#/components/schemas/', '')]) : s;
    const add = (name: string, where: string, kind: string) => {
      kinds.add(kind);
      fields.set(name, (fields.get(name) ?? new Set()).add(where));
    };
    const collect = (schema: Schema, where: string, kind: string) => {
      const s = resolve(schema);
      for (const name of Object.keys(s.properties ?? {})) add(name, where, kind);
      for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])])
        collect(part, where, kind);
    };
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${route}`;
        for (const p of op.parameters ?? [])
          if (p.in === 'query' || p.in === 'path') add(p.name, where, p.in);
        for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {}))
          collect(schema, where, type);
      }
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the fields of JSON bodies, multipart forms, queries and paths', () => {
    expect([...kinds].sort()).toEqual(['application/json', 'multipart/form-data', 'path', 'query']);
    // The forms named by the review: the loans' multipart forms, the admin console's bodies.
    for (const name of ['country', 'monthlyIncome', 'expectedInvestment', 'proof', 'agree', 'displayName'])
      expect(fields.has(name)).toBe(true);
  });

  it.each([...LANGUAGES])('%s', (lang) => {
    const file = path.resolve(__dirname, `../../../libs/common/src/i18n/locales/${lang}.json`);
    const labels = (JSON.parse(readFileSync(file, 'utf8')) as { field: Record<string, unknown> }).field;
    const missing = [...fields]
      .filter(([name]) => typeof labels[name] !== 'string' || !labels[name].trim())
      .map(([name, where]) => `${name} (${[...where][0]})`)
      .sort();
    expect(missing).toEqual([]);
  });
});
