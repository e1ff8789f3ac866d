import { SecretBox } from './secret-box';
import { allowlistIncludes, normalizeAllowlistEntry } from './ip-allowlist';

describe('SecretBox', () => {
  const box = new SecretBox('a-jwt-secret-of-at-least-thirty-two-characters');

  it('opens what it sealed, for the same key id only', () => {
    const sealed = box.seal('the-secret', 'ak_1');
    expect(sealed).not.toContain('the-secret');
    expect(box.open(sealed, 'ak_1')).toBe('the-secret');
    expect(box.open(sealed, 'ak_2')).toBeNull();
  });

  it('a fresh IV each time; tampering or another master secret opens nothing', () => {
    const a = box.seal('the-secret', 'ak_1');
    expect(box.seal('the-secret', 'ak_1')).not.toBe(a);
    const parts = a.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'ak_1')).toBeNull();
    expect(new SecretBox('another-jwt-secret-of-thirty-two-characters').open(a, 'ak_1')).toBeNull();
    expect(box.open('garbage', 'ak_1')).toBeNull();
  });
});

describe('IP allowlist', () => {
  it('normalizes addresses and networks, refuses the rest', () => {
    expect(normalizeAllowlistEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeAllowlistEntry('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normalizeAllowlistEntry('10.0.0.0/33')).toBeNull();
    expect(normalizeAllowlistEntry('10.0.0.0/8/1')).toBeNull();
    expect(normalizeAllowlistEntry('example.com')).toBeNull();
  });

  it('matches addresses, networks and IPv4-mapped IPv6 clients', () => {
    const list = ['198.51.100.0/24', '203.0.113.7', '2001:db8::/32'];
    expect(allowlistIncludes(list, '198.51.100.200')).toBe(true);
    expect(allowlistIncludes(list, '::ffff:203.0.113.7')).toBe(true);
    expect(allowlistIncludes(list, '2001:db8::1')).toBe(true);
    expect(allowlistIncludes(list, '203.0.113.8')).toBe(false);
    expect(allowlistIncludes(list, '198.51.101.1')).toBe(false);
    expect(allowlistIncludes(list, 'unknown')).toBe(false);
  });
});
