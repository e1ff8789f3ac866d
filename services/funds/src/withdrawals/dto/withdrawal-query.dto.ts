import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { AMOUNT_PATTERN } from './withdrawal.dto';

export class PageQuery {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  pageNum?: number;

  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(100, { message: 'validation.invalid' })
  pageSize?: number;
}

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
