import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { INSTRUMENT_TYPES, type InstrumentType } from '../instrument-type';
import type { TradingHours } from '../trading-hours';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** Decimal strings for NUMERIC(38,18) columns (never JS numbers). */
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
/** A shipped logo (/assets/logos/<CODE>.svg) or an https address. */
const LOGO = /^(\/assets\/logos\/[A-Z0-9]{1,16}\.svg|https:\/\/[^\s"'<>]{1,300})$/;
const HOURS_DESCRIPTION =
  '{alwaysOpen: true} or {timezone: "America/New_York", alwaysOpen: false, sessions: [{open: "Mon 09:30", close: "Mon 16:00"}]} ' +
  '(weekly windows in the wall time of the IANA timezone, default UTC, so they follow daylight saving; a close before the open wraps over the week end)';

export class CreateInstrumentDto {
  @ApiProperty({ example: 'PEPEUSDT', description: 'Upper-case letters and digits; never changes' })
  @IsString({ message: 'validation.required' })
  @Matches(/^[A-Z0-9]{2,16}$/, { message: 'validation.invalid' })
  code: string;

  @ApiProperty({
    enum: INSTRUMENT_TYPES,
    description: '1 forex, 2 crypto, 4 futures, 5 ETF, 6 stocks, 7 metals',
  })
  @IsIn(INSTRUMENT_TYPES, { message: 'validation.invalid' })
  type: InstrumentType;

  @ApiProperty({ example: 'PEPE/USDT' })
  @trim
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(60, { message: 'validation.invalid' })
  appName: string;

  @ApiPropertyOptional({ description: 'Default /assets/logos/<code>.svg (a badge is drawn when none ships)' })
  @IsOptional()
  @Matches(LOGO, { message: 'validation.invalid' })
  logo?: string;

  @ApiProperty({ minimum: 0, maximum: 12 })
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(12, { message: 'validation.invalid' })
  pricePrecision: number;

  @ApiProperty({ example: '1', description: 'Units per lot, decimal string' })
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  contractSize: string;

  @ApiProperty({ example: '0.00000002', description: 'Ask minus bid, decimal string' })
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  spread: string;

  @ApiProperty({ example: [1, 5, 10, 20] })
  @IsArray({ message: 'validation.invalid' })
  @ArrayMinSize(1, { message: 'validation.invalid' })
  @ArrayMaxSize(20, { message: 'validation.invalid' })
  @IsInt({ each: true, message: 'validation.invalid' })
  @Min(1, { each: true, message: 'validation.invalid' })
  @Max(1000, { each: true, message: 'validation.invalid' })
  leverages: number[];

  @ApiProperty({ description: HOURS_DESCRIPTION })
  @IsObject({ message: 'validation.invalid' })
  tradingHours: TradingHours;

  @ApiProperty({
    example: '0.0000123',
    description: "The simulator's starting price when the instrument has no history (set once)",
  })
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  referencePrice: string;

  @ApiProperty({ example: '0.9', description: "The simulator's annualized volatility (0.9 = 90%)" })
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  volatility: string;

  @ApiPropertyOptional({ description: 'Position in the lists; default after the last of its type' })
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(1_000_000, { message: 'validation.invalid' })
  sortOrder?: number;

  @ApiPropertyOptional({ enum: ['active', 'suspended'], default: 'active' })
  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'validation.invalid' })
  status?: 'active' | 'suspended';
}

/**
 * What an update may change. The code, type and reference price are fixed once created (orders
 * and candles refer to them); prices come only from the feed. react-admin sends the whole record
 * back: the fixed fields are accepted when unchanged (400 when changed), the computed ones ignored.
 */
export class UpdateInstrumentDto {
  @Allow() id?: unknown;
  @Allow() code?: unknown;
  @Allow() type?: unknown;
  @Allow() referencePrice?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() tradableNow?: unknown;
  @Allow() openNow?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(60, { message: 'validation.invalid' })
  appName?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Matches(LOGO, { message: 'validation.invalid' })
  logo?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 12 })
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(12, { message: 'validation.invalid' })
  pricePrecision?: number;

  @ApiPropertyOptional({ description: 'Units per lot; open orders keep the size they opened with' })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  contractSize?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  spread?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsArray({ message: 'validation.invalid' })
  @ArrayMinSize(1, { message: 'validation.invalid' })
  @ArrayMaxSize(20, { message: 'validation.invalid' })
  @IsInt({ each: true, message: 'validation.invalid' })
  @Min(1, { each: true, message: 'validation.invalid' })
  @Max(1000, { each: true, message: 'validation.invalid' })
  leverages?: number[];

  @ApiPropertyOptional({ description: HOURS_DESCRIPTION })
  @IsOptional()
  @IsObject({ message: 'validation.invalid' })
  tradingHours?: TradingHours;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  volatility?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(1_000_000, { message: 'validation.invalid' })
  sortOrder?: number;

  @ApiPropertyOptional({
    enum: ['active', 'suspended'],
    description: 'Suspended: not listed, not fed, refused for trading (10015); open orders still resolve',
  })
  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'validation.invalid' })
  status?: 'active' | 'suspended';
}
