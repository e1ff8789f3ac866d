// The reference of bench/http: a bare Fastify server doing the same work as the platform's routes,
// with no framework around it (same SQL, same token check, same envelope).
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const app = Fastify({ logger: false });

app.get('/livez', async () => ({ code: 200, result: { status: 'ok' }, message: 'Success' }));

app.post('/swx/customer/user/getUserInfo', async (req) => {
  const raw = req.headers.authorization ?? '';
  const token = raw.replace(/^Bearer\s+/i, '');
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'swx-customer' }));
  } catch {
    return { code: 401, result: null, message: 'Please log in again' };
  }
  const session = await pool.query(
    `SELECT s.id, s.subject_id FROM accounts.sessions s JOIN accounts.users u ON u.id = s.subject_id
      WHERE s.id = $1 AND s.kind = 'customer' AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [claims.jti],
  );
  if (!session.rows[0]) return { code: 401, result: null, message: 'Please log in again' };
  const user = (await pool.query('SELECT * FROM accounts.users WHERE id = $1', [claims.sub])).rows[0];
  const book = req.headers.virtually === 'YES' ? 'real' : 'demo';
  const lines = (
    await pool.query(
      `SELECT currency, kind, balance FROM ledger.accounts WHERE owner_type = 'user' AND owner_id = $1 AND book = $2 ORDER BY currency, kind`,
      [claims.sub, book],
    )
  ).rows;
  const balances = {};
  for (const l of lines) {
    balances[l.currency] ??= { currency: l.currency, available: '0', frozen: '0', other: {} };
    if (l.kind === 'available' || l.kind === 'frozen') balances[l.currency][l.kind] = l.balance;
    else balances[l.currency].other[l.kind] = l.balance;
  }
  return {
    code: 200,
    result: {
      id: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      status: user.status,
      level: user.level,
      inviteCode: user.invite_code,
      hasWithdrawPassword: Boolean(user.withdraw_password_hash),
      createdAt: user.created_at.toISOString(),
      book,
      balances: Object.values(balances),
    },
    message: 'Success',
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
