import Decimal from 'decimal.js';

/**
 * decimal.js rounds every result to 20 significant digits by default, but money is NUMERIC(38, 18):
 * 1234.123456789012345678 + 1 already needs 22. Every process that moves money loads the ledger, so
 * the precision is raised here, once, for the shared Decimal: results are exact up to 80 digits.
 * (Found by the plan income property test: a sum of 18-decimal amounts lost its last digits.)
 */
export const MONEY_PRECISION = 80;
Decimal.set({ precision: MONEY_PRECISION });
