import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { AMOUNT_PATTERN } from './withdrawal.dto';

export class WithdrawalQuoteQuery {
  @ApiProperty()
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  coin: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  network?: string;

  @ApiProperty()
  @Matches(AMOUNT_PATTERN, { message: 'validation.enterAmount' })
  amount: string;
}
