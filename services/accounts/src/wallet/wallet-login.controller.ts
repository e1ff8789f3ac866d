import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppRequest } from '@app/common';
import { AuthService } from '../auth/auth.service';
import { clientOf } from '../auth/login.controller';
import { DappNonceQuery, LoginByDappDto } from './dto/wallet-login.dto';
import { SiweVerifierService } from './siwe-verifier.service';

const NONCE_SUMMARY = 'Wallet login, step 1: a single-use SIWE nonce for the address, valid 5 minutes';

@ApiTags('login')
@Controller('swx/customer/login')
export class WalletLoginController {
  constructor(
    private readonly siwe: SiweVerifierService,
    private readonly auth: AuthService,
  ) {}

  @Get('dappNonce')
  @ApiOperation({ summary: NONCE_SUMMARY })
  nonce(@Query() query: DappNonceQuery) {
    return this.siwe.issueNonce(query.address);
  }

  @Post('dappNonce')
  @HttpCode(200)
  @ApiOperation({ summary: NONCE_SUMMARY })
  nonceByPost(@Body() dto: DappNonceQuery) {
    return this.siwe.issueNonce(dto.address);
  }

  @Post('loginByDapp')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Wallet login, step 2: an EIP-4361 message with the nonce, signed by the wallet; answers {token, expiresAt, user} ' +
      '(a new wallet gets a user w_<hex> with the demo book funded) or a 2FA challenge. Refusals are code 400 with a field ' +
      'error: message (siweMalformed, siweDomain: domain/URI not allowed, siweChain, siweExpired: issuedAt older than ' +
      '5 min or expirationTime passed, siweNonce: unknown, expired or already used) or signature (siweSignature)',
  })
  loginByDapp(@Body() dto: LoginByDappDto, @Req() req: AppRequest) {
    return this.auth.loginByDapp(dto, clientOf(req));
  }
}
