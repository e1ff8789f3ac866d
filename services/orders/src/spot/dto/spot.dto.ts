import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { PageQuery } from '@app/common';

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const SYMBOL = /^[A-Z0-9]{2,20}$/;

export class SubmitSpotOrderDto {
  @ApiProperty({ example: 'BTCUSDT', description: 'The pair (listBbPairs); 400 when unknown' })
  @IsString({ message: 'validation.invalid' })
  @Matches(SYMBOL, { message: 'validation.invalid' })
  symbol: string;

  @ApiProperty({ enum: ['buy', 'sell'], description: 'buy: pay the quote coin (USDT) for the base coin' })
  @IsIn(['buy', 'sell'], { message: 'validation.invalid' })
  side: 'buy' | 'sell';

  @ApiProperty({
    enum: ['limit', 'market'],
    description:
      'limit: rests on the book at `price` until filled or cancelled; market: takes the best prices now',
  })
  @IsIn(['limit', 'market'], { message: 'validation.invalid' })
  type: 'limit' | 'market';

  @ApiPropertyOptional({ example: '65000.5', description: 'Limit orders: a multiple of the pair tick size' })
  @IsOptional()
  @IsString({ message: 'validation.enterPrice' })
  @Matches(AMOUNT, { message: 'validation.enterPrice' })
  price?: string;

  @ApiPropertyOptional({
    example: '0.01',
    description: 'Base coin quantity (limit orders and market sells): a multiple of the pair lot size',
  })
  @IsOptional()
  @IsString({ message: 'validation.enterQuantity' })
  @Matches(AMOUNT, { message: 'validation.enterQuantity' })
  quantity?: string;

  @ApiPropertyOptional({ example: '100', description: 'Market buys: the quote coin (USDT) to spend at most' })
  @IsOptional()
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  amount?: string;
}

export class SpotOrderRefDto {
  @ApiProperty({ description: 'Id of one of my coin orders' })
  @IsString({ message: 'validation.invalid' })
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  orderId: string;
}

export const BB_LIST_TYPES = ['current', 'history'] as const;

export class ListBbOrderQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: BB_LIST_TYPES,
    description:
      'current = current entrusts (waiting for deal, partially filled), history = historical entrusts ' +
      '(completed, cancelled); all when absent',
  })
  @IsOptional()
  @IsIn(BB_LIST_TYPES, { message: 'validation.invalid' })
  type?: (typeof BB_LIST_TYPES)[number];

  @ApiPropertyOptional({ example: 'BTCUSDT' })
  @IsOptional()
  @Matches(SYMBOL, { message: 'validation.invalid' })
  symbol?: string;
}

export class DepthQuery {
  @ApiPropertyOptional({ default: 20, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(50, { message: 'validation.invalid' })
  levels?: number;
}

export class TradesQuery {
  @ApiPropertyOptional({ default: 50, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(200, { message: 'validation.invalid' })
  limit?: number;
}
