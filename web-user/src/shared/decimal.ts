/**
 * Exact decimal arithmetic on the API's decimal strings (money is never a JS number): a value is a
 * BigInt of units with a scale. Used for what the screen estimates before the server answers
 * (margin, fee, live floating results); the server's figures are always the ones that count.
 */
export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

export function dec(text: string | number | null | undefined): Dec {
  const match = DECIMAL.exec(String(text ?? '0').trim());
  if (!match) return { units: 0n, scale: 0 };
  const [, sign, int, frac = ''] = match;
  const units = BigInt(int + frac);
  return { units: sign ? -units : units, scale: frac.length };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export const add = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
};
export const sub = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
};
export const mul = (a: Dec, b: Dec): Dec => ({ units: a.units * b.units, scale: a.scale + b.scale });
export const cmp = (a: Dec, b: Dec): number => {
  const [x, y] = align(a, b);
  return x === y ? 0 : x > y ? 1 : -1;
};

/** a / b to `scale` places, rounded half up (b must not be zero). */
export function div(a: Dec, b: Dec, scale = 8): Dec {
  if (b.units === 0n) return { units: 0n, scale };
  // a.units/10^a.scale / (b.units/10^b.scale) = a.units * 10^(b.scale + scale - a.scale) / b.units
  const shift = b.scale + scale - a.scale;
  let num = a.units;
  let den = b.units;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  const negative = num < 0n !== den < 0n;
  const absNum = num < 0n ? -num : num;
  const absDen = den < 0n ? -den : den;
  let q = absNum / absDen;
  if ((absNum % absDen) * 2n >= absDen) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** Rounded to `places` (half up, away from zero), as a plain decimal string. */
export function toFixed(value: Dec, places = 8): string {
  let { units } = value;
  const { scale } = value;
  if (scale > places) {
    const factor = 10n ** BigInt(scale - places);
    const negative = units < 0n;
    const abs = negative ? -units : units;
    let q = abs / factor;
    if ((abs % factor) * 2n >= factor) q += 1n;
    units = negative ? -q : q;
  } else {
    units *= 10n ** BigInt(places - scale);
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const frac = places ? `.${digits.slice(-places)}` : '';
  return `${negative && units !== 0n ? '-' : ''}${int}${frac}`;
}

/** Trailing zeros of the fraction removed. */
export function toPlain(value: Dec, places = 8): string {
  const text = toFixed(value, places);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export const sign = (value: Dec): number => (value.units === 0n ? 0 : value.units > 0n ? 1 : -1);

/** Every digit the value has (trailing zeros of the fraction removed): what a confirmation shows. */
export const toExact = (value: Dec): string => toPlain(value, value.scale);

/** Cut to `places` decimals toward zero, as the server floors what it pays out. */
export function truncate(value: Dec, places: number): Dec {
  if (value.scale <= places) return value;
  // BigInt division rounds toward zero.
  return { units: value.units / 10n ** BigInt(value.scale - places), scale: places };
}
