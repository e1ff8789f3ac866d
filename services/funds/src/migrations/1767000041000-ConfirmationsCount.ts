import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The highest count a network may ask (coin-network.entity.ts MAX_CONFIRMATIONS, as of this migration). */
const MAX_CONFIRMATIONS = 100_000;

/** A network kind's usual count (as seeded): where an old setting holds no readable count. */
const USUAL = `CASE address_kind WHEN 'tron' THEN 20 WHEN 'btc' THEN 2 ELSE 12 END`;

/** An old setting's first figure, grouped or not ("12 network confirmations" 12, "1,000" 1000). */
const DIGITS = `regexp_replace(
  substring(confirmations FROM '[0-9]{1,3}(?:[,.'' ][0-9]{3})+|[0-9]+'), '[^0-9]', '', 'g')`;

/**
 * The count in an old setting's text: its first figure, if from 1 to MAX_CONFIRMATIONS, else NULL
 * (no figure, 0, or too many digits: the nested CASE casts only what fits an integer).
 */
const READ = `CASE WHEN ${DIGITS} ~ '^[0-9]{1,6}$' THEN
  CASE WHEN (${DIGITS})::integer BETWEEN 1 AND ${MAX_CONFIRMATIONS} THEN (${DIGITS})::integer END END`;

/**
 * A coin network's confirmations setting was free text, seeded and edited in English ("12 network
 * confirmations"), which the user app put into its own sentence in the user's language. It is a
 * count: a whole number from 1 to MAX_CONFIRMATIONS. The API keeps its name and answers it as a
 * number (the user app's type).
 *
 * Existing rows get the count in their text. A text without a readable count gets its network
 * kind's usual count (the seeded ones), and is logged with its old text for the operators to check.
 */
export class ConfirmationsCount1767000041000 implements MigrationInterface {
  name = 'ConfirmationsCount1767000041000';

  async up(q: QueryRunner): Promise<void> {
    const unread: { id: number; coin: string; network: string; confirmations: string }[] = await q.query(
      `SELECT id, coin, network, confirmations FROM funds.coin_networks
        WHERE (${READ}) IS NULL ORDER BY id`,
    );
    await q.query(`
      ALTER TABLE funds.coin_networks
        ALTER COLUMN confirmations TYPE integer
        USING COALESCE(${READ}, ${USUAL})`);
    await q.query(`
      ALTER TABLE funds.coin_networks ADD CONSTRAINT coin_networks_confirmations_count
        CHECK (confirmations BETWEEN 1 AND ${MAX_CONFIRMATIONS})`);
    if (unread.length) {
      q.connection.logger.log(
        'warn',
        `ConfirmationsCount: ${unread.length} coin network(s) had no readable confirmations count and ` +
          `now ask their network's usual count; please check them in the console: ` +
          unread.map((r) => `#${r.id} ${r.coin} ${r.network} "${r.confirmations}"`).join(', '),
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE funds.coin_networks DROP CONSTRAINT coin_networks_confirmations_count`);
    await q.query(`
      ALTER TABLE funds.coin_networks
        ALTER COLUMN confirmations TYPE text USING confirmations || ' network confirmations'`);
  }
}
