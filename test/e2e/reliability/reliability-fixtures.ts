import type { TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { fundReal } from '../trading/trading-support';

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The route table as fastify prints it (`printRoutes()`, a radix tree): every METHOD + URL, HEAD
 * and OPTIONS left out. Unlike an onRoute hook it also holds the routes registered before the
 * modules (the OpenAPI pages).
 */
export function parsePrintedRoutes(printed: string): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    const url = stack.join('').replace(/^\/+/, '/');
    if (!m[3]) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      out.push({ method, url: url.startsWith('/') ? url : `/${url}` });
    }
  }
  return out;
}

/** The fields of a basic KYC submission (a British passport): what submitBasicKyc sends by default. */
export const BASIC_KYC_FIELDS = {
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

/**
 * Submits the user's basic KYC (a passport: front, in-hand photo and signature, and the back too
 * with `back`), leaving it waiting for a reviewer; answers its id. `fields` replace the defaults,
 * `image` is the picture sent for each document (a 1x1 PNG by default).
 */
export async function submitBasicKyc(
  t: TestApp,
  user: RegisteredUser,
  options: { fields?: Partial<typeof BASIC_KYC_FIELDS>; image?: Buffer; back?: boolean } = {},
): Promise<string> {
  const req = t
    .http()
    .post('/swx/customer/user/identification')
    .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' });
  for (const [k, v] of Object.entries({ ...BASIC_KYC_FIELDS, ...options.fields })) void req.field(k, v);
  const image = options.image ?? PNG_1X1;
  for (const k of options.back ? ['front', 'back', 'inHand', 'signature'] : ['front', 'inHand', 'signature'])
    void req.attach(k, image, `${k}.png`);
  const sent = await req;
  if (sent.body.code !== 20001) throw new Error(`KYC submission failed: ${JSON.stringify(sent.body)}`);
  return String(sent.body.result.id);
}

/** Submits the user's basic KYC (submitBasicKyc) and has a reviewer approve it. */
export async function passBasicKyc(
  t: TestApp,
  user: RegisteredUser,
  adminAuthorization: string,
): Promise<void> {
  const id = await submitBasicKyc(t, user);
  const approved = await t
    .http()
    .post(`/swx/admin/kyc/${id}/approve`)
    .set('Authorization', adminAuthorization);
  if (approved.body.code !== 200) throw new Error(`KYC approval failed: ${JSON.stringify(approved.body)}`);
}

/** A user with basic KYC verified by a reviewer and `balance` USDT on the real book. */
export async function verifiedUser(t: TestApp, adminToken: string, balance: string): Promise<RegisteredUser> {
  const user = await registerUser(t);
  await passBasicKyc(t, user, `Bearer ${adminToken}`);
  await fundReal(t, user, balance);
  return user;
}
