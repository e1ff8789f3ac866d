import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { TIME_OF_DAY } from '../closures';
import { INSTRUMENT_TYPES, type InstrumentType } from '../instrument-type';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TYPE_DESCRIPTION =
  'The market: every instrument of this type (1 forex, 2 crypto, 4 futures, 5 ETF, 6 stocks, 7 metals)';
const DAY_DESCRIPTION =
  "A calendar date in the wall time of the instruments' trading-hours time zone (New York for the seeded markets)";
const CLOSES_DESCRIPTION =
  'null: closed the whole day; "13:00": an early close, local time, closed from then to the end of the day';

export class CreateClosureDto {
  @ApiProperty({ enum: INSTRUMENT_TYPES, description: TYPE_DESCRIPTION })
  @IsIn(INSTRUMENT_TYPES, { message: 'validation.invalid' })
  type: InstrumentType;

  @ApiProperty({ example: '2026-12-25', description: DAY_DESCRIPTION })
  @IsString({ message: 'validation.required' })
  @Matches(DAY, { message: 'validation.invalid' })
  day: string;

  @ApiPropertyOptional({ example: null, nullable: true, type: String, description: CLOSES_DESCRIPTION })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(TIME_OF_DAY, { message: 'validation.invalid' })
  closesAt?: string | null;

  @ApiProperty({ example: 'Christmas Day' })
  @trim
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100, { message: 'validation.invalid' })
  name: string;
}

/** What an edit may change; react-admin's echo of the id and timestamps is ignored. */
export class UpdateClosureDto {
  @Allow() id?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;

  @ApiPropertyOptional({ enum: INSTRUMENT_TYPES, description: TYPE_DESCRIPTION })
  @IsOptional()
  @IsIn(INSTRUMENT_TYPES, { message: 'validation.invalid' })
  type?: InstrumentType;

  @ApiPropertyOptional({ example: '2026-12-25', description: DAY_DESCRIPTION })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(DAY, { message: 'validation.invalid' })
  day?: string;

  @ApiPropertyOptional({ example: '13:00', nullable: true, type: String, description: CLOSES_DESCRIPTION })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(TIME_OF_DAY, { message: 'validation.invalid' })
  closesAt?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100, { message: 'validation.invalid' })
  name?: string;
}
