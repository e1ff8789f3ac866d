import type { InstrumentType } from '../instruments/instrument-type';

export const SOURCE_NAMES = ['simulator', 'exchange'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

interface Rule {
  source: SourceName;
  matches: (i: { code: string; type: InstrumentType }) => boolean;
}

/**
 * Parses MARKET_SOURCES: `<source>:<selector>` entries separated by `;`, the first match wins;
 * selectors `*`, `type:<n>` or codes joined by `,`. `none` (or empty) feeds nothing here.
 */
export function parseSourceRules(spec: string): Rule[] {
  const text = spec.trim();
  if (text === '' || text === 'none') return [];
  return text.split(';').map((entry) => {
    const at = entry.indexOf(':');
    const source = entry.slice(0, at).trim() as SourceName;
    const selector = entry.slice(at + 1).trim();
    if (at < 0 || !SOURCE_NAMES.includes(source) || !selector) {
      throw new Error(
        `MARKET_SOURCES: bad entry "${entry}" (expected <simulator|exchange>:<*|type:n|CODES>)`,
      );
    }
    if (selector === '*') return { source, matches: () => true };
    const type = /^type:(\d+)$/.exec(selector);
    if (type) return { source, matches: (i) => Number(i.type) === Number(type[1]) };
    const codes = new Set(selector.split(',').map((c) => c.trim().toUpperCase()));
    return { source, matches: (i) => codes.has(i.code) };
  });
}

/** Which source feeds each instrument; instruments no rule matches are not fed here. */
export function assignSources<T extends { code: string; type: InstrumentType }>(
  spec: string,
  instruments: readonly T[],
): Map<SourceName, T[]> {
  const rules = parseSourceRules(spec);
  const out = new Map<SourceName, T[]>();
  for (const instrument of instruments) {
    const rule = rules.find((r) => r.matches(instrument));
    if (!rule) continue;
    out.set(rule.source, [...(out.get(rule.source) ?? []), instrument]);
  }
  return out;
}
