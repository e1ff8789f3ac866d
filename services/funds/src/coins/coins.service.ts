import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppException } from '@app/common';
import { isValidBtcAddress, isValidEvmAddress, isValidTronAddress } from '../addresses/address-codec';
import { CoinNetwork, type AddressKind } from './entities/coin-network.entity';

const ADDRESS_CHECKS: Record<AddressKind, (address: string) => boolean> = {
  evm: isValidEvmAddress,
  tron: isValidTronAddress,
  btc: isValidBtcAddress,
};

@Injectable()
export class CoinsService {
  constructor(@InjectRepository(CoinNetwork) private readonly networks: Repository<CoinNetwork>) {}

  list(): Promise<CoinNetwork[]> {
    return this.networks.find({ order: { coin: 'ASC', network: 'ASC' } });
  }

  /** The network of a coin, or a 400 naming the field that was wrong. */
  async network(coin: string, network: string | undefined): Promise<CoinNetwork> {
    const found = await this.networks.findOne({
      where: { coin, ...(network ? { network } : {}) },
      order: { id: 'ASC' },
    });
    if (!found) throw AppException.field(network ? 'network' : 'coin', 'validation.invalid');
    return found;
  }

  isValidAddress(kind: AddressKind, address: string): boolean {
    return ADDRESS_CHECKS[kind](address);
  }
}
