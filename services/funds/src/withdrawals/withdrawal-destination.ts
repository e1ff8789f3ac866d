import { AppException, ErrorCode } from '@app/common';
import type { CoinsService } from '../coins/coins.service';
import type { AddressKind, CoinNetwork } from '../coins/entities/coin-network.entity';

/**
 * The checks of a crypto withdrawal's destination, shared by the withdrawal request and the address
 * book (an address is saved only if a withdrawal to it would pass them): the coin's network exists
 * and withdraws, and the address is well formed for that network.
 */
export async function checkCryptoDestination(
  coins: CoinsService,
  coin: string,
  network: string | undefined,
  address: string | undefined,
): Promise<CoinNetwork> {
  const net = await coins.network(coin, network);
  if (!net.withdrawEnabled) throw AppException.field('network', 'validation.invalid');
  if (!network) throw AppException.field('network', 'validation.required');
  if (!address) throw new AppException(ErrorCode.ReceivingAddressMissing);
  if (!coins.isValidAddress(net.addressKind, address)) {
    throw AppException.field('address', 'validation.addressInvalid');
  }
  return net;
}

/**
 * How an address compares with another of its network: EVM addresses (EIP-55 checksums) and
 * bech32 Bitcoin addresses are case-insensitive; base58 addresses (Tron, legacy Bitcoin) are not.
 */
export function addressKey(kind: AddressKind, address: string): string {
  if (kind === 'evm') return address.toLowerCase();
  if (kind === 'btc' && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}
