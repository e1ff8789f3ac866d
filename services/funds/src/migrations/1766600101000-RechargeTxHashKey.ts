import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One on-chain transaction, one deposit claim. The unique rule on (network, tx_hash) compared the
 * hash as typed, so `0xabc…` and `abc…` (or `ABC…`) could claim the same transaction twice. Every
 * deposit network names transactions by hex digits (EVM, Tron, Bitcoin), where the 0x prefix and
 * the case carry no meaning: `tx_hash_key` is the hash without them (recharges.service.ts
 * `txHashKey`), unique per network. `tx_hash` stays as the user typed it, for the reviewers.
 *
 * Existing rows get their key. Where two rows already claimed one transaction under two spellings,
 * the first (lowest id) gets the key and the later ones keep NULL: nothing is deleted or changed
 * in a review or the ledger, and the rows are logged for the reviewers to look into.
 */
export class RechargeTxHashKey1766600101000 implements MigrationInterface {
  name = 'RechargeTxHashKey1766600101000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE funds.recharges ADD COLUMN tx_hash_key text`);
    await q.query(`
      UPDATE funds.recharges r SET tx_hash_key = k.key
        FROM (
          SELECT DISTINCT ON (network, key) id, key
            FROM (
              SELECT id, network, lower(regexp_replace(btrim(tx_hash), '^0[xX]', '')) AS key
                FROM funds.recharges
            ) s
           ORDER BY network, key, id
        ) k
       WHERE r.id = k.id`);
    await q.query(
      `ALTER TABLE funds.recharges ADD CONSTRAINT recharges_tx_hash_key_unique UNIQUE (network, tx_hash_key)`,
    );
    // Implied by the key's uniqueness (equal hashes have equal keys).
    await q.query(`ALTER TABLE funds.recharges DROP CONSTRAINT recharges_tx_hash_unique`);
    const claimedTwice: { id: string; network: string; tx_hash: string }[] = await q.query(
      `SELECT id::text, network, tx_hash FROM funds.recharges WHERE tx_hash_key IS NULL ORDER BY id`,
    );
    if (claimedTwice.length) {
      q.connection.logger.log(
        'warn',
        `RechargeTxHashKey: ${claimedTwice.length} deposit(s) claim a transaction an earlier deposit ` +
          `already claimed under another spelling; please review: ` +
          claimedTwice.map((r) => `#${r.id} ${r.network} ${r.tx_hash}`).join(', '),
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE funds.recharges ADD CONSTRAINT recharges_tx_hash_unique UNIQUE (network, tx_hash)`,
    );
    await q.query(`ALTER TABLE funds.recharges DROP CONSTRAINT recharges_tx_hash_key_unique`);
    await q.query(`ALTER TABLE funds.recharges DROP COLUMN tx_hash_key`);
  }
}
