import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Language } from '@app/common';
import { DECIMAL_PATTERN, IsTranslations, RaRecordEcho, trim } from '../../shared/validators';

export class CreateLevelDto {
  @ApiProperty({ minimum: 0, maximum: 99 })
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(99, { message: 'validation.invalid' })
  level: number;

  @ApiProperty({ example: 'VIP 1' })
  @trim
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(50, { message: 'validation.invalid' })
  name: string;

  @ApiProperty({ example: '1000', description: 'USDT, decimal string' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(DECIMAL_PATTERN, { message: 'validation.enterAmount' })
  minDeposit: string;

  @ApiProperty({ example: '50000', description: 'USDT of trading volume, decimal string' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(DECIMAL_PATTERN, { message: 'validation.enterAmount' })
  minVolume: string;

  @ApiProperty({ example: '0.05', description: 'Share of the fee waived, 0..1' })
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL_PATTERN, { message: 'validation.invalid' })
  feeDiscount: string;

  @ApiProperty({ example: { en: '5% off trading fees' }, description: 'By language; en required' })
  @IsTranslations(1000)
  benefits: Partial<Record<Language, string>>;
}

export class UpdateLevelDto extends RaRecordEcho {
  // The level number is the id; it is not changed by an update (react-admin echoes it back).
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  level?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(50, { message: 'validation.invalid' })
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.enterAmount' })
  @Matches(DECIMAL_PATTERN, { message: 'validation.enterAmount' })
  minDeposit?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.enterAmount' })
  @Matches(DECIMAL_PATTERN, { message: 'validation.enterAmount' })
  minVolume?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(DECIMAL_PATTERN, { message: 'validation.invalid' })
  feeDiscount?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsTranslations(1000)
  benefits?: Partial<Record<Language, string>>;
}
