import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { PageQuery } from '@app/common';

const PRICE = /^\d{1,20}(\.\d{1,18})?$/;

export class BuyUDto {
  @ApiProperty({ example: 'BTCUSDT', description: 'Instrument code (404 when unknown)' })
  @IsString({ message: 'validation.invalid' })
  @Matches(/^[A-Z0-9]{1,20}$/, { message: 'validation.invalid' })
  code: string;

  @ApiProperty({ enum: ['buy', 'sell'], description: 'buy = long, sell = short' })
  @IsIn(['buy', 'sell'], { message: 'validation.invalid' })
  direction: 'buy' | 'sell';

  @ApiProperty({ example: '0.5', description: 'Lots, a multiple of 0.01 up to 1000 (10016 otherwise)' })
  @IsString({ message: 'validation.enterQuantity' })
  @Matches(/^\d{1,6}(\.\d{1,18})?$/, { message: 'validation.enterQuantity' })
  lots: string;

  @ApiProperty({ example: 10, description: "One of the instrument's leverages" })
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  leverage: number;

  @ApiPropertyOptional({ description: 'Stop-loss price: below the price for a long, above for a short' })
  @IsOptional()
  @IsString({ message: 'validation.enterStopLoss' })
  @Matches(PRICE, { message: 'validation.enterStopLoss' })
  stopLoss?: string;

  @ApiPropertyOptional({ description: 'Take-profit price: above the price for a long, below for a short' })
  @IsOptional()
  @IsString({ message: 'validation.enterTakeProfit' })
  @Matches(PRICE, { message: 'validation.enterTakeProfit' })
  takeProfit?: string;

  @ApiPropertyOptional({
    description: 'Limit open price: the order waits until the market reaches it (state waiting)',
  })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(PRICE, { message: 'validation.invalid' })
  limitPrice?: string;
}

export class UOrderRefDto {
  @ApiProperty()
  @IsString({ message: 'validation.invalid' })
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  orderId: string;
}

export const U_LIST_STATES = ['current', 'history', 'waiting', 'open', 'closed', 'cancelled'] as const;

export class ListUOrderQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: U_LIST_STATES,
    description: 'current = waiting and open, history = closed and cancelled; all when absent',
  })
  @IsOptional()
  @IsIn(U_LIST_STATES, { message: 'validation.invalid' })
  state?: (typeof U_LIST_STATES)[number];
}
