import type { Pool, PoolClient } from 'pg';
import { EntityManager, type DataSource } from 'typeorm';

/**
 * A hot statement as a named prepared statement: Postgres parses and plans it once per connection
 * (the pg driver prepares it there on first use, then only binds and executes). TypeORM's query()
 * sends every statement unnamed, parsed and planned again on each call: for a read joining a few
 * tables the planning alone cost more than running it (bench/load-mixed). `name` identifies the
 * text: one name, one text. In `source`'s transaction when it is a transactional EntityManager.
 */
export async function preparedQuery<T>(
  source: DataSource | EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const statement = { name, text, values };
  if (source instanceof EntityManager && source.queryRunner) {
    const connection = (await source.queryRunner.connect()) as PoolClient;
    return (await connection.query(statement)).rows as T[];
  }
  const dataSource = source instanceof EntityManager ? source.connection : source;
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  return (await pool.query(statement)).rows as T[];
}
