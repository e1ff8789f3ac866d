import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsIsoDateTime, ISO_DATE_TIME_DESCRIPTION, LANGUAGES, type Language } from '@app/common';
import { IsSafeHtml, RaRecordEcho, trim } from '../../shared/validators';

export class CreateAnnouncementDto {
  @ApiProperty({ enum: LANGUAGES })
  @IsIn(LANGUAGES, { message: 'validation.invalid' })
  language: Language;

  @ApiProperty({ maxLength: 200 })
  @trim
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200, { message: 'validation.invalid' })
  title: string;

  @ApiProperty({ maxLength: 20000 })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(20000, { message: 'validation.invalid' })
  @IsSafeHtml()
  content: string;

  @ApiPropertyOptional({
    description: `${ISO_DATE_TIME_DESCRIPTION}; default now; a future date schedules the notice`,
  })
  @IsOptional()
  @IsIsoDateTime()
  publishedAt?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;
}

export class UpdateAnnouncementDto extends RaRecordEcho {
  @ApiPropertyOptional({ enum: LANGUAGES })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'validation.invalid' })
  language?: Language;

  @ApiPropertyOptional()
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200, { message: 'validation.invalid' })
  title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(20000, { message: 'validation.invalid' })
  @IsSafeHtml()
  content?: string;

  @ApiPropertyOptional({ description: `${ISO_DATE_TIME_DESCRIPTION}; a future date schedules the notice` })
  @IsOptional()
  @IsIsoDateTime()
  publishedAt?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;
}
