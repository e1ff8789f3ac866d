import { Inject, Injectable, Optional } from '@nestjs/common';
import Decimal from 'decimal.js';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppException, ErrorCode, SYSTEM_PARAMETERS, type SystemParameterReader } from '@app/common';
import { isValidBtcAddress, isValidEvmAddress, isValidTronAddress } from '../addresses/address-codec';
import { CoinNetwork, type AddressKind } from './entities/coin-network.entity';

const ADDRESS_CHECKS: Record<AddressKind, (address: string) => boolean> = {
  evm: isValidEvmAddress,
  tron: isValidTronAddress,
  btc: isValidBtcAddress,
};

@Injectable()
export class CoinsService {
  constructor(
    @InjectRepository(CoinNetwork) private readonly networks: Repository<CoinNetwork>,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
  ) {}

  /** Withdrawal fee in percent: the network's override, else the system parameter withdraw_fee_rate. */
  async withdrawFeeRate(net: CoinNetwork): Promise<Decimal> {
    if (net.withdrawFeeRate) return net.withdrawFeeRate;
    const value = await this.parameters?.get('withdraw_fee_rate');
    if (!value || !/^\d+(\.\d+)?$/.test(value)) throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }

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
