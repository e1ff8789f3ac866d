import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, AppException, ErrorCode, type AppConfig } from '@app/common';
import { deriveBtcAddress, deriveEvmAddress, deriveTronAddress } from '../addresses/address-codec';
import { CoinsService } from '../coins/coins.service';
import type { AddressKind, CoinNetwork } from '../coins/entities/coin-network.entity';

/** One deposit address per user, coin and network; derived once and kept. */
@Injectable()
export class DepositAddressesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coins: CoinsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async addressFor(userId: string, coin: string, network: string | undefined) {
    const net = await this.coins.network(coin, network);
    if (!net.depositEnabled) throw AppException.field('network', 'validation.invalid');
    const existing: { address: string }[] = await this.dataSource.query(
      `SELECT address FROM funds.deposit_addresses WHERE user_id = $1 AND coin = $2 AND network = $3`,
      [userId, net.coin, net.network],
    );
    const address = existing[0]?.address ?? (await this.create(userId, net));
    return {
      coin: net.coin,
      network: net.network,
      address,
      // What a wallet app scans: the plain address (wallets differ on URI schemes for tokens).
      qrPayload: address,
      minDeposit: (await this.coins.minDeposit(net)).toFixed(),
      confirmations: net.confirmations,
    };
  }

  private async create(userId: string, net: CoinNetwork): Promise<string> {
    const address = await this.derive(userId, net.addressKind, net.network);
    await this.dataSource.query(
      `INSERT INTO funds.deposit_addresses (user_id, coin, network, address) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, coin, network) DO NOTHING`,
      [userId, net.coin, net.network, address],
    );
    const rows: { address: string }[] = await this.dataSource.query(
      `SELECT address FROM funds.deposit_addresses WHERE user_id = $1 AND coin = $2 AND network = $3`,
      [userId, net.coin, net.network],
    );
    return rows[0].address;
  }

  private async derive(userId: string, kind: AddressKind, network: string): Promise<string> {
    const xpub = kind === 'btc' ? this.config.FUNDS_XPUB_BTC : this.config.FUNDS_XPUB_EVM;
    if (!xpub) {
      const fixed = {
        ERC20: this.config.FUNDS_ADDRESS_ERC20,
        TRC20: this.config.FUNDS_ADDRESS_TRC20,
        BTC: this.config.FUNDS_ADDRESS_BTC,
      }[network];
      // No key and no platform address configured: say so rather than show an address nobody controls.
      if (!fixed) throw new AppException(ErrorCode.ReceivingAddressMissing);
      return fixed;
    }
    // EVM and TRON share the EVM key and so one index per user; BTC has its own.
    const family = kind === 'btc' ? 'btc' : 'evm';
    const index = await this.dataSource.transaction(async (m) => {
      // Indexes are handed out one at a time per family, so two new users never get the same one.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('funds-derivation-' || $1))`, [family]);
      await m.query(
        `INSERT INTO funds.derivation_indexes (address_kind, user_id, derivation_index)
         SELECT $1, $2, coalesce(max(derivation_index) + 1, 0) FROM funds.derivation_indexes WHERE address_kind = $1
         ON CONFLICT (address_kind, user_id) DO NOTHING`,
        [family, userId],
      );
      const rows: { derivation_index: number }[] = await m.query(
        `SELECT derivation_index FROM funds.derivation_indexes WHERE address_kind = $1 AND user_id = $2`,
        [family, userId],
      );
      return rows[0].derivation_index;
    });
    if (kind === 'btc') return deriveBtcAddress(xpub, index);
    return kind === 'tron' ? deriveTronAddress(xpub, index) : deriveEvmAddress(xpub, index);
  }
}
