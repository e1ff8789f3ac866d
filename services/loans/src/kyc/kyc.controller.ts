import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdvancedKycFormBody, KycFormBody } from './kyc.dto';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  clientAddress,
  CurrentPrincipal,
  CustomerAuth,
  listPage,
  parseListQuery,
  readImageForm,
  sendPrivateImage,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { KycSubmission } from './entities/kyc-submission.entity';
import { KycService } from './kyc.service';

class ReasonDto {
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'validation.invalid' })
  reason?: string;
}

class SignedQuery {
  @IsString()
  exp: string;

  @IsString()
  sig: string;
}

@ApiTags('kyc')
@Controller('swx/customer/user')
export class KycController {
  constructor(private readonly kyc: KycService) {}

  @Post('identification')
  @HttpCode(200)
  @CustomerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: KycFormBody })
  @ApiOperation({
    summary:
      'Submit identity verification: fields firstName, lastName, sex, birthdate, country, address, phone, documentType, documentNumber; images front, back (not for passports), inHand, signature (PNG). 20001; 10019 while one is pending or verified',
  })
  async submit(@CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    const form = await readImageForm(req, await this.kyc.maxUploadMegabytes());
    return this.kyc.submit(p.id, form);
  }

  @Get('getIdentification')
  @CustomerAuth()
  @ApiOperation({
    summary:
      'My verification state (unverified, pending, verified, failed with a reason) and document links that expire',
  })
  status(@CurrentPrincipal() p: AuthPrincipal) {
    return this.kyc.status(p.id);
  }

  @Post('newIdentification')
  @HttpCode(200)
  @CustomerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdvancedKycFormBody })
  @ApiOperation({
    summary:
      'Advanced certification after KYC (10022 before): monthlyIncome, sourceOfWealth, expectedInvestment and images proof, proof2, proof3. 20001; 10019 while one is pending or verified',
  })
  async submitAdvanced(@CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    const form = await readImageForm(req, await this.kyc.maxUploadMegabytes());
    return this.kyc.submitAdvanced(p.id, form);
  }

  @Get('getNewIdentification')
  @CustomerAuth()
  @ApiOperation({ summary: 'My advanced certification state and document links that expire' })
  advancedStatus(@CurrentPrincipal() p: AuthPrincipal) {
    return this.kyc.status(p.id, 'advanced');
  }

  @Get('kycDocument/:id/:slot')
  @ApiOperation({ summary: 'A document image through its signed, expiring link' })
  async document(
    @Param('id') id: string,
    @Param('slot') slot: string,
    @Query() q: SignedQuery,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.kyc.document(id, slot, q.exp, q.sig);
    await sendPrivateImage(reply, file, `kyc-${id}-${slot}`);
  }
}

@ApiTags('admin kyc')
@Controller('swx/admin/kyc')
@AdminAuth(AdminRole.Reviewer)
export class AdminKycController {
  constructor(
    private readonly kyc: KycService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Verifications to review (ra-data-simple-rest: range, sort, filter {status, userId, level})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'createdAt', 'status'], { field: 'id', order: 'DESC' });
    const qb = this.dataSource.getRepository(KycSubmission).createQueryBuilder('k');
    const { status, userId, level } = list.filter as { status?: unknown; userId?: unknown; level?: unknown };
    if (typeof status === 'string') qb.andWhere('k.status = :status', { status });
    if (typeof userId === 'string') qb.andWhere('k.user_id::text = :userId', { userId });
    if (typeof level === 'string') qb.andWhere('k.level = :level', { level });
    // Submissions of the same sort value newest first, in one order from page to page.
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    setContentRange(reply, 'kyc', list.offset, rows.length, total);
    return rows.map((r) => this.kyc.adminView(r));
  }

  @Get('document/:id/:slot')
  @ApiOperation({ summary: 'A document image through its signed, expiring link' })
  async document(
    @Param('id') id: string,
    @Param('slot') slot: string,
    @Query() q: SignedQuery,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.kyc.document(id, slot, q.exp, q.sig);
    await sendPrivateImage(reply, file, `kyc-${id}-${slot}`);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One verification: the submitted fields beside signed links to its documents' })
  one(@Param('id') id: string) {
    return this.kyc.reviewView(id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify (safe to click twice)' })
  approve(@Param('id') id: string, @CurrentPrincipal() admin: AuthPrincipal, @Req() req: AppRequest) {
    return this.kyc.decide(id, admin.id, clientAddress(req), 'verified');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Fail with a reason shown to the user, who may submit again' })
  reject(
    @Param('id') id: string,
    @Body() dto: ReasonDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.kyc.decide(id, admin.id, clientAddress(req), 'failed', dto.reason);
  }
}
