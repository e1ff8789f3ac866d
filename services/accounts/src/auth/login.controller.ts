import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  clientAddress,
  CurrentPrincipal,
  CustomerAuth,
  requestLanguage,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { LoginTwoFactorDto } from '../two-factor/dto/two-factor.dto';
import { AuthService, type ClientInfo } from './auth.service';
import {
  CheckUserNameOrPhoneQuery,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
  SendCodeDto,
} from './dto/login.dto';

export function clientOf(req: AppRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return {
    ip: clientAddress(req),
    userAgent: typeof ua === 'string' ? ua : undefined,
    lang: requestLanguage(req),
  };
}

@ApiTags('login')
@Controller('swx/customer/login')
export class LoginController {
  constructor(private readonly auth: AuthService) {}

  @Get('methods')
  @ApiOperation({
    summary:
      'The login methods offered: {google, wallet}; google is false while Google (OIDC) login is not configured (googleAuthUrl then answers 404)',
  })
  methods() {
    return this.auth.loginMethods();
  }

  @Get('checkUserNameOrPhone')
  @ApiOperation({ summary: 'Whether a username, phone or e-mail is already registered' })
  check(@Query() query: CheckUserNameOrPhoneQuery) {
    return this.auth.checkUserNameOrPhone(query);
  }

  @Post('sendCode')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a 6-digit verification code by e-mail or SMS (one per 60 s per target)' })
  sendCode(@Body() dto: SendCodeDto, @Req() req: AppRequest) {
    return this.auth.sendCode(dto, clientOf(req));
  }

  @Post('register')
  @HttpCode(200)
  @ApiOperation({ summary: 'Register by e-mail or phone; answers a session token like login' })
  register(@Body() dto: RegisterDto, @Req() req: AppRequest) {
    return this.auth.register(dto, clientOf(req));
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Log in with a username, an e-mail or a phone and the password; with 2FA on, answers {twoFactorRequired, challenge} for login2fa',
  })
  login(@Body() dto: LoginDto, @Req() req: AppRequest) {
    return this.auth.login(dto, clientOf(req));
  }

  @Post('login2fa')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Complete a 2FA login: challenge + code (or recoveryCode, once each). Unknown/used challenge: 400; wrong: 10091; 5 wrong: 429',
  })
  login2fa(@Body() dto: LoginTwoFactorDto, @Req() req: AppRequest) {
    return this.auth.loginTwoFactor(dto, clientOf(req));
  }

  @Post('resetPassword')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Reset the password with a code of scene reset; ends every session and revokes the API keys. An unknown contact answers as a known one',
  })
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Post('logout')
  @HttpCode(200)
  @CustomerAuth()
  @ApiOperation({ summary: 'End the current session; its token answers 401 from now on' })
  logout(@CurrentPrincipal() principal: AuthPrincipal) {
    return this.auth.logout(principal.sessionId);
  }
}
