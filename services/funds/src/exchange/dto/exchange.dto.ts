import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches, ValidateIf } from 'class-validator';

const COIN = /^[A-Z0-9]{2,12}$/;
const AMOUNT = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/;

export class ExchangeQuoteQuery {
  @ApiProperty({ example: 'BTC', description: 'coin given' })
  @Matches(COIN, { message: 'validation.invalid' })
  from: string;

  @ApiProperty({ example: 'USDT', description: 'coin received' })
  @Matches(COIN, { message: 'validation.invalid' })
  to: string;

  @ApiProperty({ example: '0.01', description: 'amount of `from` given' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  amount: string;
}

/**
 * Execute a quote by its id (the confirmed offer), or — for clients that skip the quote — give
 * from/to/amount and take the price of the moment.
 */
export class ExchangeDto {
  @ApiPropertyOptional({ description: 'id of a quote from GET user/dh/quote, executed at its price' })
  @IsOptional()
  @IsUUID('4', { message: 'validation.invalid' })
  quoteId?: string;

  @ApiPropertyOptional({ example: 'BTC' })
  @ValidateIf((o: ExchangeDto) => !o.quoteId)
  @Matches(COIN, { message: 'validation.invalid' })
  from?: string;

  @ApiPropertyOptional({ example: 'USDT' })
  @ValidateIf((o: ExchangeDto) => !o.quoteId)
  @Matches(COIN, { message: 'validation.invalid' })
  to?: string;

  @ApiPropertyOptional({ example: '0.01' })
  @ValidateIf((o: ExchangeDto) => !o.quoteId)
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  amount?: string;
}
