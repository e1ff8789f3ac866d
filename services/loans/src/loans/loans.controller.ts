import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, MaxLength, Min, MinLength } from 'class-validator';
import {
  AdminAuth,
  AdminRole,
  clientAddress,
  listPage,
  parseListQuery,
  setContentRange,
  type AppRequest,
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { Loan } from './entities/loan.entity';
import { LoansService } from './loans.service';

class LoanQuery {
  @ApiProperty({ example: '1000' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(/^\d{1,20}(\.\d{1,8})?$/, { message: 'validation.enterAmount' })
  amount: string;

  @ApiProperty({ example: 30, description: 'One of the loan terms (10023 otherwise)' })
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  termDays: number;
}

class LoanDto extends LoanQuery {
  @ApiPropertyOptional({ description: 'The user agreed to and signed the offer' })
  @IsOptional()
  @IsBoolean({ message: 'validation.notSigned' })
  agree?: boolean;
}

class LoanIdParam {
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  id: string;
}

class MarkRepaidDto {
  @ApiProperty({ description: 'How the repayment arrived (bank reference, ...), kept in the audit log' })
  @IsString({ message: 'validation.required' })
  @MinLength(3, { message: 'validation.required' })
  @MaxLength(500, { message: 'validation.invalid' })
  note: string;
}

async function sendPdf(reply: FastifyReply, name: string, pdf: Uint8Array) {
  await reply
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .type('application/pdf')
    .send(Buffer.from(pdf));
}

class RepayDto {
  @ApiProperty()
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  loanId: string;
}

@ApiTags('loans')
@Controller('swx/customer/user')
export class LoansController {
  constructor(private readonly loans: LoansService) {}

  @Get('listLoanProducts')
  @ApiOperation({ summary: 'Loan terms with their daily rate, range and interest-free days' })
  products() {
    return this.loans.products();
  }

  @Get('loanQuote')
  @CustomerAuth()
  @ApiOperation({
    summary: 'The offer before signing: amount, term, daily rate, total interest, repayment date, cap',
  })
  async quote(@CurrentPrincipal() p: AuthPrincipal, @Query() q: LoanQuery) {
    return (await this.loans.quote(p.id, q.amount, q.termDays)).offer;
  }

  @Post('loan')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({
    summary: 'Take a loan (KYC required: 10022; wrong term: 10023; one open loan at a time: 10089)',
  })
  apply(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Body() dto: LoanDto) {
    return this.loans.apply(p.id, book, dto.amount, dto.termDays, dto.agree === true);
  }

  @Post('repayLoan')
  @HttpCode(200)
  @CustomerAuth()
  @Idempotent()
  @ApiOperation({ summary: 'Repay principal plus the interest accrued so far (20005)' })
  repay(@CurrentPrincipal() p: AuthPrincipal, @Body() dto: RepayDto) {
    return this.loans.repay(p.id, dto.loanId);
  }

  @Get('loanAgreement/:id')
  @CustomerAuth()
  @ApiOperation({ summary: 'My loan agreement as a PDF: the terms and my drawn signature' })
  async agreementPdf(
    @CurrentPrincipal() p: AuthPrincipal,
    @Param() { id }: LoanIdParam,
    @Res() reply: FastifyReply,
  ) {
    await sendPdf(reply, `loan-agreement-${id}.pdf`, await this.loans.agreement(id, p.id));
  }

  @Get('listLoanRecord')
  @CustomerAuth()
  @ApiOperation({
    summary: 'My loans: amounts, interest, repayment date and state (repaying, repaid, expired)',
  })
  list(@CurrentPrincipal() p: AuthPrincipal) {
    return this.loans.listMine(p.id);
  }
}

@ApiTags('admin loans')
@Controller('swx/admin/loans')
@AdminAuth(AdminRole.Reviewer)
export class AdminLoansController {
  constructor(
    private readonly loans: LoansService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Loans (ra-data-simple-rest: range, sort, filter {status, userId})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'createdAt', 'dueAt', 'status', 'amount'], {
      field: 'id',
      order: 'DESC',
    });
    const qb = this.dataSource.getRepository(Loan).createQueryBuilder('l');
    const { status, userId } = list.filter as { status?: unknown; userId?: unknown };
    if (typeof status === 'string') qb.andWhere('l.status = :status', { status });
    if (typeof userId === 'string') qb.andWhere('l.user_id::text = :userId', { userId });
    // Loans of the same sort value newest first, in one order from page to page.
    const [rows, total] = await listPage(qb, list, { field: 'id', order: 'DESC' });
    setContentRange(reply, 'loans', list.offset, rows.length, total);
    return rows.map((l) => ({ ...this.loans.view(l), userId: l.userId }));
  }

  @Get(':id/agreement')
  @ApiOperation({ summary: 'The agreement PDF of a loan' })
  async agreementPdf(@Param() { id }: LoanIdParam, @Res() reply: FastifyReply) {
    await sendPdf(reply, `loan-agreement-${id}.pdf`, await this.loans.agreement(id, null));
  }

  @Post(':id/markRepaid')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record a repayment received outside the platform, with a note (audited, safe twice)',
  })
  markRepaid(
    @Param() { id }: LoanIdParam,
    @Body() dto: MarkRepaidDto,
    @CurrentPrincipal() admin: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.loans.markRepaidByAdmin(id, admin.id, clientAddress(req), dto.note);
  }
}
