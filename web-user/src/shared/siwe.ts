import { keccak_256 } from '@noble/hashes/sha3.js';

/** EIP-55 mixed-case checksum of an address (SIWE messages must carry it). */
export function checksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = Array.from(keccak_256(new TextEncoder().encode(lower)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return `0x${[...lower].map((c, i) => (parseInt(hash[i], 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** An EIP-4361 (Sign-In with Ethereum) message for this site. */
export function siweMessage(input: {
  address: string;
  chainId: number;
  nonce: string;
  statement: string;
}): string {
  const { host, origin } = window.location;
  return [
    `${host} wants you to sign in with your Ethereum account:`,
    checksumAddress(input.address),
    '',
    input.statement,
    '',
    `URI: ${origin}`,
    'Version: 1',
    `Chain ID: ${input.chainId}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${new Date().toISOString()}`,
  ].join('\n');
}
