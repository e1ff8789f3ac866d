import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyAccess,
  clientAddress,
  CurrentPrincipal,
  CustomerAuth,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyIdParam, CreateApiKeyDto } from './dto/api-key.dto';

const SIGNING =
  'Sign each request with the headers X-SWX-APIKEY (keyId), X-SWX-TIMESTAMP (ms since the epoch, ' +
  'within 30 s) and X-SWX-SIGNATURE = hex HMAC-SHA256(secret, timestamp + "\\n" + METHOD + "\\n" + ' +
  'path with query + "\\n" + body as sent). Each signature works once.';

@ApiTags('user')
@Controller('swx/customer/user/apiKeys')
@CustomerAuth()
// Keys are managed with a session only: a key can never make or widen keys.
@ApiKeyAccess(false)
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Create an API key with scopes (read, trade, withdraw) and an optional IP allowlist; answers keyId and the ' +
      'secret, shown this once. totpCode is required while 2FA is on; the withdraw scope needs 2FA on. ' +
      SIGNING,
  })
  create(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: CreateApiKeyDto, @Req() req: AppRequest) {
    return this.apiKeys.create(p.id, dto, clientAddress(req));
  }

  @Get()
  @ApiOperation({ summary: 'My API keys, newest first, without their secrets' })
  list(@CurrentPrincipal() p: AuthPrincipal) {
    return this.apiKeys.list(p.id);
  }

  @Post(':keyId/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke one of my API keys: its signed requests are refused at once' })
  revoke(@CurrentPrincipal() p: AuthPrincipal, @Param() params: ApiKeyIdParam) {
    return this.apiKeys.revoke(p.id, params.keyId);
  }
}
