import { Client } from 'pg';
import type { Infrastructure } from '@app/database';

export default async function globalTeardown(): Promise<void> {
  const state = (
    globalThis as { __SWX_TEST__?: { infra: Infrastructure; database: string; serverUrl: string } }
  ).__SWX_TEST__;
  if (!state) return;
  if (!process.env.KEEP_TEST_DATABASE) {
    const admin = new Client({ connectionString: state.serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${state.database}" WITH (FORCE)`);
    await admin.end();
  }
  await state.infra.stop();
}
