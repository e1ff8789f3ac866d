import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { INSTRUMENT_TYPES, type InstrumentType } from '../../instruments/instrument-type';

export class ListMarketQueryDto {
  @ApiProperty({
    enum: INSTRUMENT_TYPES,
    description: '1 forex, 2 crypto, 4 futures, 5 ETF, 6 stocks, 7 metals',
  })
  @Type(() => Number)
  @IsIn(INSTRUMENT_TYPES, { message: 'validation.invalid' })
  type: InstrumentType;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  pageNum?: number;

  @ApiPropertyOptional({ default: 20, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(100, { message: 'validation.invalid' })
  pageSize?: number;
}
