import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyAccess,
  clientAddress,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  requestLanguage,
  type AppRequest,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { AuthService } from '../auth/auth.service';
import { ChangeContactDto, SendContactCodeDto } from './dto/contact-change.dto';
import { ChangePasswordDto, ChangeWithdrawPasswordDto } from './dto/user.dto';
import { ContactChangeService } from './contact-change.service';
import { UsersService } from './users.service';

@ApiTags('user')
@Controller('swx/customer/user')
@CustomerAuth()
export class UserController {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly contactChange: ContactChangeService,
  ) {}

  @Post('getUserInfo')
  @HttpCode(200)
  // A POST that only reads: open to API keys with the read scope.
  @ApiKeyAccess('read')
  @ApiOperation({ summary: 'The profile and the balances of the book the virtually header chooses' })
  getUserInfo(@CurrentPrincipal() principal: AuthPrincipal, @CurrentBook() book: Book) {
    return this.users.userInfo(principal.id, book);
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
