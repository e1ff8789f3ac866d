import { HDKey } from '@scure/bip32';
import {
  deriveBtcAddress,
  deriveEvmAddress,
  deriveTronAddress,
  isValidBtcAddress,
  isValidEvmAddress,
  isValidTronAddress,
  toChecksumAddress,
} from './address-codec';

// The seed of the BIP-39 test mnemonic "abandon abandon ... about" (empty passphrase).
const SEED = Buffer.from(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  'hex',
);

describe('deposit address derivation from public keys', () => {
  it('BIP-84 test vectors (account zpub of the test mnemonic)', () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(deriveBtcAddress(zpub, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveBtcAddress(zpub, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it("BIP-44 Ethereum m/44'/60'/0'/0/0 of the test mnemonic, from the account xpub", () => {
    const xpub = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").publicExtendedKey;
    expect(xpub.startsWith('xpub')).toBe(true);
    expect(deriveEvmAddress(xpub, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('TRON addresses carry the same 20 bytes behind the 0x41 prefix, base58check encoded', () => {
    const xpub = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").publicExtendedKey;
    const tron = deriveTronAddress(xpub, 0);
    expect(tron.startsWith('T')).toBe(true);
    expect(isValidTronAddress(tron)).toBe(true);
  });

  it('refuses extended private keys and bad indexes', () => {
    const xprv = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").privateExtendedKey;
    expect(() => deriveEvmAddress(xprv, 0)).toThrow();
    const xpub = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").publicExtendedKey;
    expect(() => deriveEvmAddress(xpub, -1)).toThrow();
  });
});

describe('withdrawal address checks', () => {
  it('EIP-55 test vectors', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
      expect(isValidEvmAddress(a)).toBe(true);
    }
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidEvmAddress('0x123')).toBe(false);
  });

  it('Bitcoin: BIP-173 vectors and legacy addresses', () => {
    expect(isValidBtcAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isValidBtcAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidBtcAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isValidBtcAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidBtcAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    expect(isValidBtcAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
  });

  it('TRON', () => {
    expect(isValidTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe(true);
    expect(isValidTronAddress('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8')).toBe(false);
  });
});
