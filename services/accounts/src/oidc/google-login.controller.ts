import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppRequest } from '@app/common';
import { AuthService } from '../auth/auth.service';
import { clientOf } from '../auth/login.controller';
import { LoginByGoogleDto } from './dto/google-login.dto';
import { OidcClientService } from './oidc-client.service';

@ApiTags('login')
@Controller('swx/customer/login')
export class GoogleLoginController {
  constructor(
    private readonly oidc: OidcClientService,
    private readonly auth: AuthService,
  ) {}

  @Get('googleAuthUrl')
  @ApiOperation({
    summary:
      'Google login, step 1: the provider URL (authorization code + PKCE; state and nonce kept server-side, 10 min). 404 when not configured',
  })
  authUrl() {
    return this.oidc.authorizationUrl();
  }

  @Post('loginByGoogle')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Google login, step 2: the code and state of /api/loginCallback/google; answers {token, expiresAt, user} (linked by the ' +
      'verified e-mail, which holds withdrawals for 24 hours like any new login link, or created if new) or a 2FA challenge ' +
      '(then the link by e-mail is made only once login2fa completes). 400 on state (unknown or used) or code (refused, e-mail unverified)',
  })
  loginByGoogle(@Body() dto: LoginByGoogleDto, @Req() req: AppRequest) {
    return this.auth.loginByGoogle(dto, clientOf(req));
  }
}
