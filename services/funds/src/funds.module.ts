import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressBookController } from './address-book/address-book.controller';
import { AddressBookService } from './address-book/address-book.service';
import { WithdrawalAddress } from './address-book/withdrawal-address.entity';
import { WithdrawalWhitelistService } from './address-book/withdrawal-whitelist.service';
import { AssetsController } from './assets/assets.controller';
import { AdminCoinNetworksController } from './coins/admin-coins.controller';
import { CoinsService } from './coins/coins.service';
import { CoinNetwork } from './coins/entities/coin-network.entity';
import { ExchangeController } from './exchange/exchange.controller';
import { ExchangeService } from './exchange/exchange.service';
import { DepositAddressesService } from './deposits/deposit-addresses.service';
import { DepositsController } from './deposits/deposits.controller';
import { Recharge } from './deposits/entities/recharge.entity';
import { AdminRechargesController, RechargesController } from './deposits/recharges.controller';
import { RechargesService } from './deposits/recharges.service';
import { Withdrawal } from './withdrawals/entities/withdrawal.entity';
import { AdminWithdrawalsController, WithdrawalsController } from './withdrawals/withdrawals.controller';
import { WithdrawalsService } from './withdrawals/withdrawals.service';
import { WithdrawPasswordService } from './withdrawals/withdraw-password.service';

/** Coins and networks, deposit addresses, withdrawals under review, currency exchange. */
@Module({
  imports: [TypeOrmModule.forFeature([CoinNetwork, Recharge, Withdrawal, WithdrawalAddress])],
  controllers: [
    AssetsController,
    DepositsController,
    RechargesController,
    AdminRechargesController,
    WithdrawalsController,
    ExchangeController,
    AdminCoinNetworksController,
    AdminWithdrawalsController,
    AddressBookController,
  ],
  providers: [
    CoinsService,
    DepositAddressesService,
    RechargesService,
    WithdrawalsService,
    ExchangeService,
    AddressBookService,
    WithdrawalWhitelistService,
    WithdrawPasswordService,
  ],
  exports: [WithdrawalsService],
})
export class FundsModule {}
