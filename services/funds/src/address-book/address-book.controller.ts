import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  clientAddress,
  CurrentPrincipal,
  CustomerAuth,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { AddressBookService } from './address-book.service';
import { AddWithdrawalAddressDto, SetWithdrawalWhitelistDto } from './dto/address-book.dto';
import { WithdrawalWhitelistService } from './withdrawal-whitelist.service';

@ApiTags('funds')
@Controller('swx/customer/user/addressBook')
@CustomerAuth()
export class AddressBookController {
  constructor(
    private readonly book: AddressBookService,
    private readonly whitelist: WithdrawalWhitelistService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'My saved withdrawal addresses, newest first, each with usableFrom (24 h after it was added)',
  })
  list(@CurrentPrincipal() p: AuthPrincipal) {
    return this.book.list(p.id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Save a withdrawal address with a label (checked as a withdrawal checks it); usable for withdrawals 24 h later',
  })
  add(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: AddWithdrawalAddressDto) {
    return this.book.add(p.id, dto);
  }

  @Get('whitelist')
  @ApiOperation({
    summary: 'Whether my withdrawal whitelist is on (crypto withdrawals only to usable address-book entries)',
  })
  whitelistState(@CurrentPrincipal() p: AuthPrincipal) {
    return this.whitelist.state(p.id);
  }

  @Post('whitelist')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Turn my withdrawal whitelist on or off (withdrawal password; with 2FA on, totpCode). ' +
      'Off holds withdrawals for 24 h (holdUntil); the state it already has changes nothing',
  })
  setWhitelist(
    @CurrentPrincipal() p: AuthPrincipal,
    @Body() dto: SetWithdrawalWhitelistDto,
    @Req() req: AppRequest,
  ) {
    return this.whitelist.set(p.id, dto, { principal: p, ip: clientAddress(req) });
  }

  // A POST like the rest of the customer API (its clients send GET and POST only).
  @Post(':id/delete')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete one of my saved addresses (another user's id: 404)" })
  remove(@CurrentPrincipal() p: AuthPrincipal, @Param('id') id: string) {
    return this.book.remove(p.id, id);
  }
}
