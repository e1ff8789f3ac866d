import { HDKey } from '@scure/bip32';
import { base58check as base58checkFactory, bech32 } from '@scure/base';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * Deposit addresses derived from extended PUBLIC keys only (no private key ever reaches the
 * server), and the address checks of withdrawals. The primitives are the audited noble/scure
 * libraries; this file only composes them as the BIPs and EIP-55 say.
 */
const base58check = base58checkFactory(sha256);

/** SLIP-132 versions, so that a BIP-84 account key (zpub/vpub) can be read as well as an xpub. */
const VERSIONS: Record<string, { private: number; public: number }> = {
  xpub: { private: 0x0488ade4, public: 0x0488b21e },
  zpub: { private: 0x04b2430c, public: 0x04b24746 },
  tpub: { private: 0x04358394, public: 0x043587cf },
  vpub: { private: 0x045f18bc, public: 0x045f1cf6 },
};

function accountKey(extendedPublicKey: string): HDKey {
  const versions = VERSIONS[extendedPublicKey.slice(0, 4)];
  if (!versions) throw new Error('unsupported extended public key (xpub, zpub, tpub or vpub expected)');
  const key = HDKey.fromExtendedKey(extendedPublicKey, versions);
  if (key.privateKey) throw new Error('an extended PRIVATE key was given; only public keys are accepted');
  return key;
}

/** The public key of receive address `index` (path 0/index below the account key). */
function childPublicKey(extendedPublicKey: string, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
    throw new Error('address index out of range');
  const child = accountKey(extendedPublicKey).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation gave no public key');
  return child.publicKey;
}

function evmBytes(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(-20);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** EIP-55 mixed-case checksum encoding of a 20-byte address. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error('not a 20-byte hex address');
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/** ERC-20 / Ethereum: 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum. */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** TRON: base58check of 0x41 followed by the 20 address bytes. */
export function isValidTronAddress(address: string): boolean {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false;
  }
}

/** Bitcoin mainnet: native SegWit v0 (bc1q..., BIP-173) or legacy P2PKH/P2SH (base58check). */
export function isValidBtcAddress(address: string): boolean {
  if (/^bc1/i.test(address)) {
    try {
      const { prefix, words } = bech32.decode(address.toLowerCase() as `${string}1${string}`);
      if (prefix !== 'bc' || words[0] !== 0) return false;
      const program = bech32.fromWords(words.slice(1));
      return program.length === 20 || program.length === 32;
    } catch {
      return false;
    }
  }
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
  } catch {
    return false;
  }
}

export function deriveEvmAddress(extendedPublicKey: string, index: number): string {
  return toChecksumAddress(hex(evmBytes(childPublicKey(extendedPublicKey, index))));
}

export function deriveTronAddress(extendedPublicKey: string, index: number): string {
  const body = evmBytes(childPublicKey(extendedPublicKey, index));
  return base58check.encode(Uint8Array.from([0x41, ...body]));
}

/** BIP-84 native SegWit (P2WPKH) receive address. */
export function deriveBtcAddress(extendedPublicKey: string, index: number): string {
  const program = ripemd160(sha256(childPublicKey(extendedPublicKey, index)));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}
