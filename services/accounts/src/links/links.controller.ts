import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAccess, CurrentPrincipal, CustomerAuth, type AuthPrincipal } from '@app/common';
import { LoginByGoogleDto } from '../oidc/dto/google-login.dto';
import { LoginByDappDto } from '../wallet/dto/wallet-login.dto';
import { UnlinkGoogleDto, UnlinkWalletDto } from './dto/links.dto';
import { LinksService } from './links.service';

@ApiTags('user')
@Controller('swx/customer/user/links')
@CustomerAuth()
@ApiKeyAccess(false)
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @Get()
  @ApiOperation({ summary: 'My ways to log in: password (yes/no), linked Google accounts and wallets' })
  list(@CurrentPrincipal() p: AuthPrincipal) {
    return this.links.list(p.id);
  }

  @Get('googleAuthUrl')
  @ApiOperation({
    summary:
      'Link Google, step 1: the provider URL (PKCE, state and nonce as in login); its state completes only this ' +
      "user's link (POST links/google), never a login. 404 when Google login is not configured",
  })
  googleAuthUrl(@CurrentPrincipal() p: AuthPrincipal) {
    return this.links.googleAuthUrl(p.id);
  }

  @Post('google')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Link Google, step 2: the code and state of the callback page; answers my links. 400 on state (unknown, used ' +
      'or started by someone else) or code (refused; linkOwnedByOther: the account belongs to another user). ' +
      'A new link is a security change: withdrawals wait 24 hours',
  })
  linkGoogle(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: LoginByGoogleDto) {
    return this.links.linkGoogle(p.id, dto);
  }

  @Post('google/unlink')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Unlink a Google account; 403 when it is my last way to log in, 404 when not linked to me',
  })
  unlinkGoogle(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: UnlinkGoogleDto) {
    return this.links.unlinkGoogle(p.id, dto.issuer, dto.subject);
  }

  @Post('wallet')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Link a wallet: an EIP-4361 message with a nonce of login/dappNonce, signed by the wallet (checked as in ' +
      'loginByDapp); answers my links. 400 linkOwnedByOther when the address belongs to another user. A new link is a ' +
      'security change: withdrawals wait 24 hours',
  })
  linkWallet(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: LoginByDappDto) {
    return this.links.linkWallet(p.id, dto);
  }

  @Post('wallet/unlink')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Unlink a wallet; 403 when it is my last way to log in, 404 when not linked to me',
  })
  unlinkWallet(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: UnlinkWalletDto) {
    return this.links.unlinkWallet(p.id, dto.address);
  }
}
