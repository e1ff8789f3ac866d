import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyAccess,
  clientAddress,
  CurrentPrincipal,
  CustomerAuth,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { TwoFactorCodeDto } from './dto/two-factor.dto';
import { TwoFactorService } from './two-factor.service';

@ApiTags('user')
@Controller('swx/customer/user/2fa')
@CustomerAuth()
@ApiKeyAccess(false)
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Post('setup')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start TOTP enrolment: a new pending secret as an otpauth URL and a QR data URL (400 if already enabled)',
  })
  setup(@CurrentPrincipal() principal: AuthPrincipal) {
    return this.twoFactor.setup(principal.id);
  }

  @Post('enable')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Confirm enrolment with a code of the pending secret; answers 10 single-use recovery codes, shown once (wrong code: 10091)',
  })
  enable(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: TwoFactorCodeDto,
    @Req() req: AppRequest,
  ) {
    return this.twoFactor.enable(principal.id, dto.code, clientAddress(req));
  }

  @Post('disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn two-factor authentication off with a current code (wrong code: 10091)' })
  disable(
    @CurrentPrincipal() principal: AuthPrincipal,
    @Body() dto: TwoFactorCodeDto,
    @Req() req: AppRequest,
  ) {
    return this.twoFactor.disable(principal.id, dto.code, clientAddress(req));
  }
}
