import { INSTRUMENT_TYPES, type InstrumentType } from '../instruments/instrument-type';

export interface Subscription {
  types: InstrumentType[];
  codes: string[];
}

/** Reads `{types:[2]}` / `{codes:['BTCUSDT']}`; null when the payload is not one. */
export function parseSubscription(payload: unknown): Subscription | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { types = [], codes = [] } = payload as { types?: unknown; codes?: unknown };
  if (!Array.isArray(types) || !Array.isArray(codes) || types.length + codes.length === 0) return null;
  if (types.length > 10 || codes.length > 100) return null;
  if (!types.every((t) => INSTRUMENT_TYPES.includes(t as InstrumentType))) return null;
  if (!codes.every((c) => typeof c === 'string' && /^[A-Za-z0-9]{1,16}$/.test(c))) return null;
  return { types: types as InstrumentType[], codes: (codes as string[]).map((c) => c.toUpperCase()) };
}

export const typeRoom = (type: InstrumentType) => `type:${type}`;
