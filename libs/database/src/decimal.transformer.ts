import Decimal from 'decimal.js';
import type { ValueTransformer } from 'typeorm';

/** NUMERIC columns as Decimal in code; Postgres returns them as strings, never JS numbers. */
export const decimalTransformer: ValueTransformer = {
  to: (value: Decimal | string | null | undefined) =>
    value === null || value === undefined ? value : new Decimal(value).toFixed(),
  from: (value: string | null) => (value === null ? null : new Decimal(value)),
};
