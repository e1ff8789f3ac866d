import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsController } from './assets/assets.controller';
import { CoinsService } from './coins/coins.service';
import { CoinNetwork } from './coins/entities/coin-network.entity';
import { DepositAddressesService } from './deposits/deposit-addresses.service';
import { DepositsController } from './deposits/deposits.controller';
import { Recharge } from './deposits/entities/recharge.entity';
import { AdminRechargesController, RechargesController } from './deposits/recharges.controller';
import { RechargesService } from './deposits/recharges.service';
import { Withdrawal } from './withdrawals/entities/withdrawal.entity';
import { AdminWithdrawalsController, WithdrawalsController } from './withdrawals/withdrawals.controller';
import { WithdrawalsService } from './withdrawals/withdrawals.service';

/** Coins and networks, deposit addresses, withdrawals under review. */
@Module({
  imports: [TypeOrmModule.forFeature([CoinNetwork, Recharge, Withdrawal])],
  controllers: [
    AssetsController,
    DepositsController,
    RechargesController,
    AdminRechargesController,
    WithdrawalsController,
    AdminWithdrawalsController,
  ],
  providers: [CoinsService, DepositAddressesService, RechargesService, WithdrawalsService],
  exports: [WithdrawalsService],
})
export class FundsModule {}
