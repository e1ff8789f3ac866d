import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily settlement of 100,000s of plans (bench/settlement):
 * - it updates every earning plan once (days paid, earned) in one transaction per chunk. At
 *   fillfactor 85 most pages had no room for a second version of each of their rows, so most of
 *   those updates were not HOT and added entries to all three indexes of the table. At 50 every
 *   row of a page fits a new version beside the old one (the dead ones are pruned the next day).
 *   Applies to pages written from now on (an existing table takes it on its next rewrite).
 * - the foreign key plan_payouts -> plans is replaced by the same check once per statement: the
 *   foreign key ran one SPI query per payout row. Inserted or changed payouts must name existing
 *   plans (one anti-join over the statement's new rows); a plan that has payouts cannot be deleted
 *   and plan ids never change. Unlike the foreign key, a DELETE of a plan does not wait for a
 *   concurrent, uncommitted payout of it: the application never deletes plans.
 */
export class PlansSettlementTuning1764100003000 implements MigrationInterface {
  name = 'PlansSettlementTuning1764100003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.plans SET (fillfactor = 50)`);
    await q.query(`
      CREATE FUNCTION orders.plan_payouts_plan_exists() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF EXISTS (SELECT 1 FROM new_payouts n
                    WHERE NOT EXISTS (SELECT 1 FROM orders.plans p WHERE p.id = n.plan_id)) THEN
          RAISE EXCEPTION 'orders: a payout refers to a plan that does not exist' USING ERRCODE = '23503';
        END IF;
        RETURN NULL;
      END
      $fn$`);
    await q.query(`
      CREATE TRIGGER plan_payouts_plan_exists_ins AFTER INSERT ON orders.plan_payouts
        REFERENCING NEW TABLE AS new_payouts
        FOR EACH STATEMENT EXECUTE FUNCTION orders.plan_payouts_plan_exists()`);
    await q.query(`
      CREATE TRIGGER plan_payouts_plan_exists_upd AFTER UPDATE ON orders.plan_payouts
        REFERENCING NEW TABLE AS new_payouts
        FOR EACH STATEMENT EXECUTE FUNCTION orders.plan_payouts_plan_exists()`);
    await q.query(`
      CREATE FUNCTION orders.plans_keep_paid() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM old_plans o JOIN orders.plan_payouts p ON p.plan_id = o.id) THEN
          RAISE EXCEPTION 'orders: a plan with payouts cannot be deleted or renumbered' USING ERRCODE = '23503';
        END IF;
        RETURN NULL;
      END
      $fn$`);
    await q.query(`
      CREATE TRIGGER plans_keep_paid_del AFTER DELETE ON orders.plans
        REFERENCING OLD TABLE AS old_plans
        FOR EACH STATEMENT EXECUTE FUNCTION orders.plans_keep_paid()`);
    await q.query(`
      CREATE TRIGGER plans_fixed_id BEFORE UPDATE OF id ON orders.plans
        FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION orders.plans_keep_paid()`);
    await q.query(`ALTER TABLE orders.plan_payouts DROP CONSTRAINT plan_payouts_plan_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders.plan_payouts ADD CONSTRAINT plan_payouts_plan_id_fkey
        FOREIGN KEY (plan_id) REFERENCES orders.plans (id)`);
    await q.query(`DROP TRIGGER plans_fixed_id ON orders.plans`);
    await q.query(`DROP TRIGGER plans_keep_paid_del ON orders.plans`);
    await q.query(`DROP TRIGGER plan_payouts_plan_exists_upd ON orders.plan_payouts`);
    await q.query(`DROP TRIGGER plan_payouts_plan_exists_ins ON orders.plan_payouts`);
    await q.query(`DROP FUNCTION orders.plans_keep_paid()`);
    await q.query(`DROP FUNCTION orders.plan_payouts_plan_exists()`);
    await q.query(`ALTER TABLE orders.plans SET (fillfactor = 85)`);
  }
}
