import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyAccess,
  clientAddress,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  requestLanguage,
  type AppRequest,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { AuthService } from '../auth/auth.service';
import { ChangeContactDto, SendContactCodeDto } from './dto/contact-change.dto';
import { ChangePasswordDto, ChangeWithdrawPasswordDto } from './dto/user.dto';
import { ContactChangeService } from './contact-change.service';
import { DemoTopupService } from './demo-topup.service';
import { UsersService } from './users.service';

@ApiTags('user')
@Controller('swx/customer/user')
@CustomerAuth()
export class UserController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly contactChange: ContactChangeService,
    private readonly demoTopup: DemoTopupService,
  ) {}

  @Post('getUserInfo')
  @HttpCode(200)
  // A POST that only reads: open to API keys with the read scope.
  @ApiKeyAccess('read')
  @ApiOperation({ summary: 'The profile and the balances of the book the virtually header chooses' })
  getUserInfo(@CurrentPrincipal() principal: AuthPrincipal, @CurrentBook() book: Book) {
    return this.users.userInfo(principal.id, book);
  }

  @Get('getDemoTopup')
  @ApiOperation({
    summary:
      'Whether the demo book can be topped up now (whatever the virtually header): the grant (DEMO_GRANT_USDT), the demo USDT available balance, the amount a top-up adds, eligible, refusal (full, tooSoon, demoDisabled or null), lastAt and nextAt (when the next top-up is possible)',
  })
  getDemoTopup(@CurrentPrincipal() principal: AuthPrincipal) {
    return this.demoTopup.status(principal.id);
  }

  @Post('demoTopup')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Top up the demo book (whatever the virtually header): the demo USDT available balance back up to the grant (DEMO_GRANT_USDT), ledger reason demo_topup. At most once per DEMO_TOPUP_INTERVAL_HOURS (24): else 429 with result.nextAt; 403 while the balance is at or above the grant; 10094 on a demo book an operator disabled. Answers amount, available, journalId, at and nextAt',
  })
  topUpDemo(@CurrentPrincipal() principal: AuthPrincipal) {
    return this.demoTopup.topUp(principal.id);
  }

  @Post('repassword')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Change the login password; every session of the user ends. A wrong old password (10004) counts like a failed login: too many lock it for a while (429)',
  })
  repassword(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: ChangePasswordDto,
    @Req() req: AppRequest,
  ) {
    return this.auth.changePassword(principal.id, dto, clientAddress(req));
  }

  @Post('repasswordTx')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Set or change the withdrawal password with a code of scene withdrawPassword, and totpCode while 2FA is on (wrong: 10091)',
  })
  repasswordTx(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: ChangeWithdrawPasswordDto,
    @Req() req: AppRequest,
  ) {
    return this.auth.changeWithdrawPassword(principal.id, dto, clientAddress(req));
  }

  @Post('sendContactCode')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Send a code (scene changeContact) to a NEW e-mail or phone; one per 60 s per target, with the daily caps of every code',
  })
  sendContactCode(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: SendContactCodeDto,
    @Req() req: AppRequest,
  ) {
    return this.contactChange.sendCode(principal.id, dto, {
      ip: clientAddress(req),
      lang: requestLanguage(req),
    });
  }

  @Post('changeContact')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Change the e-mail or phone: the code sent to the new address, the current password, and totpCode while 2FA is on. Withdrawals wait 24 h after it',
  })
  changeContact(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: ChangeContactDto,
    @Req() req: AppRequest,
  ) {
    return this.contactChange.change(principal.id, dto, clientAddress(req));
  }
}
