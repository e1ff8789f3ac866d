import { BlockList, isIP } from 'node:net';

/** An IP address or a CIDR network as the user wrote it, normalized; null when it is neither. */
export function normalizeAllowlistEntry(entry: string): string | null {
  const [address, prefix, extra] = entry.trim().split('/');
  if (extra !== undefined) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (prefix === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return `${address.toLowerCase()}/${Number(prefix)}`;
}

/** Whether `ip` is one of the addresses or inside one of the networks (node's BlockList does the matching). */
export function allowlistIncludes(entries: string[], ip: string): boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
