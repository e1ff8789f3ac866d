import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { KLINE_PERIODS, type KlinePeriod } from '../kline-period';

const TIME = /^(\d{1,15}|\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/;

/** The latest time a query may name: the end of year 9999 (later years the database cannot read). */
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * `from`/`to` as epoch milliseconds or ISO 8601, from 1970 to the end of 9999; undefined when not
 * one. A day its month does not have (`2024-02-30`) is refused, not rolled over into the next month.
 */
export function parseTime(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const numeric = /^\d+$/.test(value);
  const date = numeric ? new Date(Number(value)) : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms) || ms < 0 || ms > MAX_TIME) return undefined;
  if (!numeric) {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number);
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (
      calendar.getUTCFullYear() !== year ||
      calendar.getUTCMonth() !== month - 1 ||
      calendar.getUTCDate() !== day
    )
      return undefined;
  }
  return date;
}

export class KlineQueryDto {
  @ApiProperty({ example: 'BTCUSDT' })
  @IsString({ message: 'validation.required' })
  @Matches(/^[A-Z0-9]{1,16}$/, { message: 'validation.invalid' })
  code: string;

  @ApiProperty({ enum: KLINE_PERIODS })
  @IsIn(KLINE_PERIODS, { message: 'validation.invalid' })
  period: KlinePeriod;

  @ApiPropertyOptional({
    description: 'Epoch milliseconds or ISO 8601; default: `limit` periods before `to`',
  })
  @IsOptional()
  @Matches(TIME, { message: 'validation.invalid' })
  from?: string;

  @ApiPropertyOptional({ description: 'Epoch milliseconds or ISO 8601; default: now' })
  @IsOptional()
  @Matches(TIME, { message: 'validation.invalid' })
  to?: string;

  @ApiPropertyOptional({
    example: '2026-11-27',
    description: 'A UTC day (YYYY-MM-DD): the candles of that day; instead of `from` and `to`',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
  date?: string;

  @ApiPropertyOptional({ default: 500, maximum: 2000 })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(2000, { message: 'validation.invalid' })
  limit?: number;
}
