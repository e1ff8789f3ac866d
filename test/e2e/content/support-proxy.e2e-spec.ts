import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { VISITOR_LIMITS } from '@app/content/support/support.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { contentCallers } from './content-admin';

/*
 * The /support socket behind a reverse proxy (TRUST_PROXY=true): a socket's client is the address
 * the proxy forwards (X-Forwarded-For), as for HTTP, not the proxy's own address. Otherwise every
 * visitor behind the proxy shares one message limit and an agent's audited reply names the proxy.
 */
describe('/support behind a trusted proxy', () => {
  let t: TestApp;
  let base: string;
  const open: Socket[] = [];
  let ipSeq = 0;
  const newIp = () => `198.51.100.${++ipSeq}`;

  beforeAll(async () => {
    t = await createTestApp({
      DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data'),
      TRUST_PROXY: 'true',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  function connect(ip: string, auth: Record<string, string>): Promise<Socket> {
    const socket = io(`${base}/support`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth,
      extraHeaders: { 'X-Forwarded-For': ip },
    });
    open.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const ack = (s: Socket, event: string, payload: unknown) =>
    s.timeout(10_000).emitWithAck(event, payload) as Promise<Record<string, unknown>>;

  it('counts each visitor’s messages against their own forwarded address', async () => {
    const noisy = await connect(newIp(), { visitorId: randomBytes(16).toString('base64url') });
    let refused: Record<string, unknown> | undefined;
    // A fixed window may roll over once: twice the limit and one more must meet it.
    for (let i = 0; i <= 2 * VISITOR_LIMITS.message.max && !refused; i++) {
      const answer = await ack(noisy, 'message', { body: `spam ${i}` });
      if (!answer.ok) refused = answer;
    }
    expect(refused).toEqual({ ok: false, error: 'code.429' });

    // Another visitor behind the same proxy is not silenced by the first one.
    const other = await connect(newIp(), { visitorId: randomBytes(16).toString('base64url') });
    expect(await ack(other, 'message', { body: 'Hello, is anyone there?' })).toMatchObject({ ok: true });
  });

  it('audits an agent’s socket reply with the agent’s forwarded address', async () => {
    const visitor = await connect(newIp(), { visitorId: randomBytes(16).toString('base64url') });
    const sent = await ack(visitor, 'message', { body: 'A question' });
    expect(sent).toMatchObject({ ok: true });
    const conversationId = (sent.message as { conversationId: string }).conversationId;

    const agentIp = newIp();
    const agent = await connect(agentIp, { token: (await contentCallers(t)).reviewer });
    expect(await ack(agent, 'reply', { conversationId, body: 'An answer' })).toMatchObject({ ok: true });
    const rows: { ip: string }[] = await t.db.query(
      `SELECT ip FROM accounts.admin_audit
        WHERE action = 'support.replied' AND target_type = 'support_conversation' AND target_id = $1`,
      [conversationId],
    );
    expect(rows.map((r) => r.ip)).toEqual([agentIp]);
  });
});
