import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { PageQuery } from '@app/common';

const AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;

export class BuyOptionsDto {
  @ApiProperty({ example: 'BTCUSDT', description: 'Instrument code (404 when unknown)' })
  @IsString({ message: 'validation.invalid' })
  @Matches(/^[A-Z0-9]{1,20}$/, { message: 'validation.invalid' })
  code: string;

  @ApiProperty({ description: 'The options product: period and payout rate (10014 when unknown)' })
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  productId: number;

  @ApiProperty({ enum: ['up', 'down'] })
  @IsIn(['up', 'down'], { message: 'validation.invalid' })
  direction: 'up' | 'down';

  @ApiProperty({ example: '100', description: "The stake, within the product's range (10016 outside it)" })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  amount: string;
}

export const OPTIONS_LIST_STATES = ['current', 'history', 'open', 'won', 'lost', 'draw'] as const;

export class ListOptionsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: OPTIONS_LIST_STATES, description: 'current = open, history = settled' })
  @IsOptional()
  @IsIn(OPTIONS_LIST_STATES, { message: 'validation.invalid' })
  state?: (typeof OPTIONS_LIST_STATES)[number];
}

export class CreateOptionsProductDto {
  @ApiProperty()
  @IsString({ message: 'validation.invalid' })
  @Length(1, 100, { message: 'validation.invalid' })
  name: string;

  @ApiProperty({ example: 60 })
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(5, { message: 'validation.invalid' })
  @Max(86_400, { message: 'validation.invalid' })
  periodSeconds: number;

  @ApiProperty({ example: '0.8', description: 'Paid on a win on top of the stake (0.8 = 80%)' })
  @IsString({ message: 'validation.invalid' })
  @Matches(/^\d(\.\d{1,8})?$/, { message: 'validation.invalid' })
  payoutRate: string;

  @ApiProperty({ example: '10' })
  @IsString({ message: 'validation.invalid' })
  @Matches(AMOUNT, { message: 'validation.invalid' })
  minAmount: string;

  @ApiProperty({ example: '10000' })
  @IsString({ message: 'validation.invalid' })
  @Matches(AMOUNT, { message: 'validation.invalid' })
  maxAmount: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  sort?: number;
}

export class UpdateOptionsProductDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Length(1, 100, { message: 'validation.invalid' })
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(5, { message: 'validation.invalid' })
  @Max(86_400, { message: 'validation.invalid' })
  periodSeconds?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(/^\d(\.\d{1,8})?$/, { message: 'validation.invalid' })
  payoutRate?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(AMOUNT, { message: 'validation.invalid' })
  minAmount?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(AMOUNT, { message: 'validation.invalid' })
  maxAmount?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  sort?: number;
}
