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
    const rate = await this.decimalParameter('withdraw_fee_rate');
    if (!rate) throw new AppException(ErrorCode.SystemParameterFailed);
    return rate;
  }

  /**
   * The smallest deposit a network takes: its own minimum, raised to the coin's system parameter
   * deposit_min_<COIN> where that is higher (a floor for every network of the coin, set by
   * operators in one place; a network whose chain costs more asks more).
   */
  minDeposit(net: CoinNetwork): Promise<Decimal> {
    return this.atLeastParameter(net.minDeposit, `deposit_min_${net.coin}`);
  }

  /** The smallest withdrawal: the network's minimum, raised to withdraw_min_<COIN> (as minDeposit). */
  minWithdrawal(net: CoinNetwork): Promise<Decimal> {
    return this.atLeastParameter(net.minWithdrawal, `withdraw_min_${net.coin}`);
  }

  private async atLeastParameter(own: Decimal, key: string): Promise<Decimal> {
    // A coin without the parameter (or with it empty) has its networks' own minimums.
    const floor = await this.decimalParameter(key);
    return floor ? Decimal.max(own, floor) : own;
  }

  /**
   * A non-negative decimal system parameter, or null when it is not set (or empty). A malformed one
   * is an error for the operator to mend (SystemParameterFailed), never read as zero.
   */
  private async decimalParameter(key: string): Promise<Decimal | null> {
    const value = (await this.parameters?.get(key))?.trim();
    if (!value) return null;
    if (!/^\d+(\.\d+)?$/.test(value)) throw new AppException(ErrorCode.SystemParameterFailed);
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
