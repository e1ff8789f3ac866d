import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The formats of an account's currency and kind, checked by a trigger when they are written instead
 * of by CHECK constraints. Postgres evaluates every CHECK of a row on every UPDATE, whichever
 * columns change, so the two regular expressions ran on each balance change: about 1.6 us per
 * account, 15% of a bulk balance update (a settlement chunk updates 500 accounts). The trigger fires
 * only on an insert or an update that names currency or kind (a balance update names neither), and
 * raises the same error as the constraints did (23514, same constraint names).
 */
export class LedgerAccountFormatTriggers1766500004000 implements MigrationInterface {
  name = 'LedgerAccountFormatTriggers1766500004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ledger.accounts_format() RETURNS trigger
      LANGUAGE plpgsql AS $fn$
      BEGIN
        IF NEW.currency IS NOT NULL AND NEW.currency !~ '^[A-Z0-9]{2,12}$' THEN
          RAISE EXCEPTION 'new row for relation "accounts" violates check constraint "accounts_currency_check"'
            USING ERRCODE = '23514', SCHEMA = 'ledger', TABLE = 'accounts', COLUMN = 'currency',
                  CONSTRAINT = 'accounts_currency_check';
        END IF;
        IF NEW.kind IS NOT NULL AND NEW.kind !~ '^[a-z_]{2,32}$' THEN
          RAISE EXCEPTION 'new row for relation "accounts" violates check constraint "accounts_kind_check"'
            USING ERRCODE = '23514', SCHEMA = 'ledger', TABLE = 'accounts', COLUMN = 'kind',
                  CONSTRAINT = 'accounts_kind_check';
        END IF;
        RETURN NEW;
      END
      $fn$`);
    await q.query(`
      CREATE TRIGGER accounts_format BEFORE INSERT OR UPDATE OF currency, kind ON ledger.accounts
        FOR EACH ROW EXECUTE FUNCTION ledger.accounts_format()`);
    await q.query(
      `ALTER TABLE ledger.accounts DROP CONSTRAINT accounts_currency_check, DROP CONSTRAINT accounts_kind_check`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger.accounts
        ADD CONSTRAINT accounts_currency_check CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
        ADD CONSTRAINT accounts_kind_check CHECK (kind ~ '^[a-z_]{2,32}$')`);
    await q.query(`DROP TRIGGER accounts_format ON ledger.accounts`);
    await q.query(`DROP FUNCTION ledger.accounts_format()`);
  }
}
