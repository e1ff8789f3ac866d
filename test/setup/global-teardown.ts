import { Client } from 'pg';
import type { Infrastructure } from '@app/database';

export default async function globalTeardown(): Promise<void> {
  const state = (
    globalThis as { __SWX_TEST__?: { infra: Infrastructure; databases: string[]; serverUrl: string } }
  ).__SWX_TEST__;
  if (!state) return;
  if (!process.env.KEEP_TEST_DATABASE) {
    const admin = new Client({ connectionString: state.serverUrl });
    await admin.connect();
    for (const database of state.databases)
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
  await state.infra.stop();
}
