import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import {
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  Idempotent,
  type AuthPrincipal,
  type Book,
} from '@app/common';
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

  @Get('listLoanRecord')
  @CustomerAuth()
  @ApiOperation({
    summary: 'My loans: amounts, interest, repayment date and state (repaying, repaid, expired)',
  })
  list(@CurrentPrincipal() p: AuthPrincipal) {
    return this.loans.listMine(p.id);
  }
}
