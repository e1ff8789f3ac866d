import type { DataSourceOptions, MixedList } from 'typeorm';

/**
 * Postgres options shared by the platform, each service process and the tests. Schema changes go
 * through migrations only; `synchronize` stays off.
 */
export function buildDataSourceOptions(
  url: string,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>,
  poolSize = 20,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    extra: {
      max: poolSize,
      idleTimeoutMillis: 30_000,
      application_name: 'swx',
      // No JIT: the platform's statements are short, and the planner's estimates of set-based
      // statements (a WITH of hundreds of rows) can pass jit_above_cost, where compiling takes
      // 100+ ms for a statement that runs in 20 (measured on the daily settlement's chunks).
      options: '-c jit=off',
    },
    // Expected failures (a refused debit) are answers, not noise; unknown errors are logged by the filter.
    logging: false,
  };
}
