import path from 'node:path';
import { AdminRole } from '@app/common';
import { registerUser, type RegisteredUser } from '../../support/users';
import { fundReal } from '../trading/trading-support';
import {
  adminWithRoles,
  bearer,
  createReliabilityApp,
  REAL,
  type ReliabilityApp,
} from './reliability-support';
import { PNG_1X1 } from './reliability-fixtures';

// Issue 14, item 6: requests generated from the OpenAPI document (/swx/docs-json), valid and
// invalid, for every operation: no answer of 500, every JSON answer is the documented envelope
// {code, result, message}, no answer carries another user's data; mass-assignment fields are
// refused and never stored. FUZZ_PER_OPERATION requests per operation (12; SOAK=1: 200).

const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? (process.env.SOAK === '1' ? 200 : 12));
const SEED = Number(process.env.FUZZ_SEED ?? 20251114);

/** Deterministic PRNG (mulberry32): a failing request can be replayed with FUZZ_SEED. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** Hostile values: wrong types, extremes, injections, odd encodings. */
const NASTY: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  '9007199254740993',
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1,000',
  '  12 ',
  '0.000000000000000000000001',
  '99999999999999999999999999999999999999',
  '1'.repeat(400),
  'x'.repeat(10_000),
  "' OR '1'='1",
  '1; DROP TABLE accounts.users; --',
  '$where',
  '{"$gt": ""}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  [],
  [1, 2, 3],
  ['a'],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { nested: { deep: { deeper: 'x'.repeat(100) } } },
];

const MASS_ASSIGNMENT: Record<string, unknown> = {
  balance: '1000000',
  status: 'approved',
  role: 'super_admin',
  roles: ['super_admin'],
  kycStatus: 'verified',
  fee: '0',
  level: 9,
  isAdmin: true,
};

/** URL-encodes anything; a lone surrogate goes as the raw (invalid UTF-8) bytes it would be. */
function enc(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const SKIPPED = new Set([
  // ends the session the fuzzer uses (covered by the matrix with its own sessions)
  'post /swx/customer/login/logout',
]);

describe(`OpenAPI fuzzing: ${PER_OPERATION} generated requests per operation (issue 14, item 6)`, () => {
  let t: ReliabilityApp;
  let doc: Doc;
  let fuzzer: RegisteredUser;
  let victim: RegisteredUser;
  let operatorToken: string;
  let superToken: string;

  beforeAll(async () => {
    t = await createReliabilityApp({ DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data') });
    doc = (await t.http().get('/swx/docs-json')).body as Doc;
    fuzzer = await registerUser(t);
    victim = await registerUser(t);
    await fundReal(t, fuzzer, '100000');
    await fundReal(t, victim, '100000');
    operatorToken = (await adminWithRoles(t, [AdminRole.Operator])).token;
    superToken = (await adminWithRoles(t, [AdminRole.SuperAdmin])).token;
    // The victim's records, whose ids and contacts must never show up in the fuzzer's answers.
    await t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set(bearer(victim.token))
      .send({ body: 'victim-secret-message' });
  }, 240_000);
  afterAll(async () => {
    await t.close();
  }, 120_000);

  const resolve = (s: Schema | undefined): Schema => {
    if (!s) return {};
    if (s.$ref) return resolve(doc.components.schemas[s.$ref.replace('#/components/schemas/', '')]);
    return s;
  };

  function valid(s0: Schema | undefined, rnd: () => number): unknown {
    const s = resolve(s0);
    if (s.enum?.length) return s.enum[Math.floor(rnd() * s.enum.length)];
    if (s.example !== undefined) return s.example;
    switch (s.type) {
      case 'integer':
      case 'number':
        return s.minimum ?? 1;
      case 'boolean':
        return true;
      case 'array':
        return [valid(s.items, rnd)];
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = valid(p, rnd);
        return out;
      }
      case undefined:
      default:
        return 'fuzz';
    }
  }

  function mutate(base: Record<string, unknown>, s: Schema, rnd: () => number): Record<string, unknown> {
    const out = { ...base };
    const keys = Object.keys(resolve(s).properties ?? {});
    const roll = rnd();
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
    if (roll < 0.55 && keys.length) {
      for (let i = 0; i < 1 + Math.floor(rnd() * 3); i++) out[pick(keys)] = pick(NASTY);
    } else if (roll < 0.7 && keys.length) {
      delete out[pick(keys)];
    } else if (roll < 0.85) {
      const field = pick(Object.keys(MASS_ASSIGNMENT));
      out[field] = MASS_ASSIGNMENT[field];
      if (rnd() < 0.5) out.userId = victim.id;
    } else {
      out[`x${Math.floor(rnd() * 1000)}`] = pick(NASTY);
    }
    return out;
  }

  function concretePath(p: string, rnd: () => number, hostile: boolean): string {
    return p.replace(/\{(\w+)\}/g, (_m, name: string) => {
      if (!hostile) {
        if (name === 'language') return 'en';
        return '987654321';
      }
      const v = NASTY[Math.floor(rnd() * NASTY.length)];
      return enc(v);
    });
  }

  it('answers every generated request without a 500, in the envelope, with nobody else’s data', async () => {
    const problems: string[] = [];
    let total = 0;
    let operations = 0;
    const codes = new Map<number, number>();
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method} ${p}`;
        if (SKIPPED.has(key) || p.startsWith('/swx/docs')) continue;
        if (process.env.FUZZ_ONLY && !key.includes(process.env.FUZZ_ONLY)) continue;
        operations += 1;
        // Each operation has its own stream of the seed: one of them can be replayed alone (FUZZ_ONLY).
        const rnd = prng(SEED ^ [...key].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7));
        const admin = p.startsWith('/swx/admin');
        const writes = method !== 'get';
        // Admin writes are fuzzed with invalid bodies and ids that exist nowhere only: the run
        // shares its catalogue (levels, parameters, products) with the other test files.
        const safeOnly = admin && writes;
        const jsonSchema = op.requestBody?.content['application/json']?.schema;
        const multipart =
          !!op.requestBody?.content['multipart/form-data'] ||
          /recharge$|Identification$|supportImage$/.test(p);
        for (let i = 0; i < PER_OPERATION; i++) {
          const hostilePath = !safeOnly && rnd() < 0.3;
          let url = concretePath(p, rnd, hostilePath);
          const query: Record<string, unknown> = {};
          for (const param of op.parameters ?? []) {
            if (param.in !== 'query') continue;
            if (rnd() < 0.3) continue;
            query[param.name] =
              rnd() < 0.5 ? valid(param.schema, rnd) : NASTY[Math.floor(rnd() * NASTY.length)];
          }
          if (rnd() < 0.2) query[`extra${i}`] = 'x';
          const qs = Object.entries(query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${enc(v)}`)
            .join('&');
          if (qs) url += `?${qs}`;
          let req = t.http()[method as 'get' | 'post' | 'put' | 'delete'](url);
          const who = admin ? (rnd() < 0.5 ? operatorToken : superToken) : fuzzer.token;
          req = req.set(bearer(who)).set('lang', ['en', 'zh', 'ar', 'xx'][Math.floor(rnd() * 4)]);
          if (rnd() < 0.5) req = req.set(REAL);
          if (multipart && rnd() < 0.5) {
            req = req.field('coin', 'USDT').field('amount', String(NASTY[Math.floor(rnd() * NASTY.length)]));
            req = req.field('userId', victim.id).attach('voucher', PNG_1X1, '../x.png');
          } else if (writes) {
            const base = jsonSchema ? (valid(jsonSchema, rnd) as Record<string, unknown>) : {};
            const body =
              safeOnly || rnd() < 0.8
                ? mutate(typeof base === 'object' && base ? base : {}, jsonSchema ?? {}, rnd)
                : base;
            if (
              safeOnly &&
              jsonSchema &&
              Object.keys(body).every((k) => k in (resolve(jsonSchema).properties ?? {}))
            ) {
              body.reliabilityUnknownField = true; // never a valid admin write
            }
            req =
              rnd() < 0.05 ? req.set('content-type', 'application/json').send('{"broken": ') : req.send(body);
          }
          let sentBody: unknown;
          req = req.on('request', (r: { _data?: unknown }) => {
            sentBody = r._data;
          });
          const res = await req;
          total += 1;
          const contentType = String(res.headers['content-type'] ?? '');
          const code = (res.body as { code?: unknown } | undefined)?.code;
          if (res.status >= 500 || code === 500)
            problems.push(
              `${key} #${i} ${url} ${JSON.stringify(sentBody)?.slice(0, 300)}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
            );
          if (contentType.includes('application/json')) {
            const b = res.body as Record<string, unknown>;
            if (typeof b.code !== 'number' || typeof b.message !== 'string' || !('result' in b))
              problems.push(`${key} #${i}: not an envelope: ${JSON.stringify(b).slice(0, 200)}`);
            else codes.set(b.code, (codes.get(b.code) ?? 0) + 1);
          }
          // Admins see customers' data by design; a customer never sees another customer's.
          const text =
            !admin && (contentType.includes('json') || contentType.includes('text'))
              ? JSON.stringify(res.body)
              : '';
          for (const secret of [victim.id, victim.email, victim.username, 'victim-secret-message'])
            if (text.includes(secret))
              problems.push(`${key} #${i}: answer carries another user's data (${secret})`);
        }
      }
    }
    process.stdout.write(
      `[openapi fuzz] seed ${SEED}: ${operations} operations x ${PER_OPERATION} = ${total} requests; ${problems.length} problems; codes ${JSON.stringify(Object.fromEntries([...codes].sort((a, b) => b[1] - a[1])))}\n`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect(total).toBe(operations * PER_OPERATION);
  }, 3_600_000);

  it('mass-assignment fields are refused and never stored', async () => {
    const extra = { ...MASS_ASSIGNMENT, userId: victim.id };
    // Registration with privileged fields: refused, no user created.
    const name = `ma${Date.now().toString(36)}`;
    const reg = await t
      .http()
      .post('/swx/customer/login/register')
      .send({
        type: 'email',
        account: `${name}@example.com`,
        username: name,
        password: 'correct horse battery',
        code: '123456',
        ...extra,
      });
    expect(reg.body.code).toBe(400);
    expect(
      (await t.db.query('SELECT count(*)::int AS n FROM accounts.users WHERE username = $1', [name]))[0].n,
    ).toBe(0);
    // Money-moving JSON bodies: refused before any effect.
    const bodies: [string, object][] = [
      ['/swx/customer/order/buySmart', { productId: 1, amount: '1000', days: 7 }],
      [
        '/swx/customer/user/withdrawal',
        {
          method: 'crypto',
          coin: 'USDT',
          network: 'TRC20',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          amount: '100',
          withdrawPassword: 'x',
        },
      ],
      ['/swx/customer/user/dh', { from: 'USDT', to: 'BTC', amount: '100' }],
      ['/swx/customer/order/buyU', { code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 }],
      ['/swx/customer/user/supportMessage', { body: 'hello' }],
      ['/swx/customer/user/apiKeys', { label: 'k', scopes: ['read'] }],
    ];
    for (const [url, body] of bodies) {
      for (const [field, value] of Object.entries(extra)) {
        const res = await t
          .http()
          .post(url)
          .set({ ...bearer(fuzzer.token), ...REAL })
          .send({ ...body, [field]: value });
        expect([url, field, res.body.code]).toEqual([url, field, 400]);
      }
    }
    // Multipart (the deposit form reads only its own fields): extra fields are never stored.
    const res = await t
      .http()
      .post('/swx/customer/user/recharge')
      .set({ ...bearer(fuzzer.token), ...REAL })
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '150')
      .field('txHash', `0x${'ef'.repeat(32)}`)
      .field('userId', victim.id)
      .field('status', 'approved')
      .field('fee', '0')
      .attach('voucher', PNG_1X1, 'v.png');
    expect(res.body.code).toBe(20002);
    const row = (
      await t.db.query('SELECT user_id::text, status FROM funds.recharges WHERE id = $1', [
        res.body.result.id,
      ])
    )[0];
    expect(row).toEqual({ user_id: fuzzer.id, status: 'pending' });
    // Nothing the fuzzer sent changed the victim or the fuzzer's standing.
    const users = await t.db.query(
      `SELECT id::text, status, level FROM accounts.users WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [[victim.id, fuzzer.id]],
    );
    for (const u of users) expect(u.status).toBe('active');
    const victimRows = await t.db.query(
      `SELECT (SELECT count(*) FROM funds.recharges WHERE user_id = $1)::int
            + (SELECT count(*) FROM funds.withdrawals WHERE user_id = $1)::int
            + (SELECT count(*) FROM orders.plans WHERE user_id = $1)::int
            + (SELECT count(*) FROM orders.u_orders WHERE user_id = $1)::int AS n`,
      [victim.id],
    );
    expect(victimRows[0].n).toBe(0);
  }, 240_000);
});
