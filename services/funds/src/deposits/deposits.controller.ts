import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { CurrentPrincipal, CustomerAuth, type AuthPrincipal } from '@app/common';
import { CoinsService } from '../coins/coins.service';
import { DepositAddressesService } from './deposit-addresses.service';

class AddressBySymbolDto {
  @ApiProperty({ example: 'USDT' })
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  symbol: string;

  @ApiPropertyOptional({
    example: 'TRC20',
    description: 'The main network; the first one of the coin when omitted',
  })
  @IsOptional()
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  network?: string;
}

@ApiTags('funds')
@Controller('swx/customer/user')
@CustomerAuth()
export class DepositsController {
  constructor(
    private readonly addresses: DepositAddressesService,
    private readonly coins: CoinsService,
  ) {}

  @Post('getAddressBySymbol')
  @HttpCode(200)
  @ApiOperation({
    summary: "The user's deposit address for a coin and network, with its QR payload and minimum",
  })
  address(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: AddressBySymbolDto) {
    return this.addresses.addressFor(p.id, dto.symbol, dto.network);
  }

  @Get('listCoinNetworks')
  @ApiOperation({ summary: 'Coins and networks: minimum deposit and withdrawal, fee rate, confirmations' })
  async networks() {
    const networks = await this.coins.list();
    return Promise.all(
      networks.map(async (n) => ({
        coin: n.coin,
        network: n.network,
        confirmations: n.confirmations,
        minDeposit: (await this.coins.minDeposit(n)).toFixed(),
        minWithdrawal: (await this.coins.minWithdrawal(n)).toFixed(),
        withdrawFeeRate: (await this.coins.withdrawFeeRate(n)).toFixed(),
        depositEnabled: n.depositEnabled,
        withdrawEnabled: n.withdrawEnabled,
      })),
    );
  }
}
