import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { LANGUAGES, type Language } from '@app/common';
import { IsSafeHtml, RaRecordEcho, trim } from '../../shared/validators';
import {
  CONTENT_SECTIONS,
  CONTENT_TYPES,
  type ContentSection,
  type ContentType,
} from '../entities/content-item.entity';

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

export class ListContentsQuery {
  @ApiPropertyOptional({ enum: CONTENT_SECTIONS, description: 'Only the footer or only the help centre' })
  @IsOptional()
  @IsIn(CONTENT_SECTIONS, { message: 'validation.invalid' })
  section?: ContentSection;
}

export class CreateContentDto {
  @ApiProperty({ enum: CONTENT_TYPES, description: '1 company, 2 policy, 3 other (footer groups)' })
  @Type(() => Number)
  @IsIn(CONTENT_TYPES, { message: 'validation.invalid' })
  type: ContentType;

  @ApiProperty({ enum: LANGUAGES })
  @IsIn(LANGUAGES, { message: 'validation.invalid' })
  language: Language;

  @ApiProperty({ maxLength: 200 })
  @trim
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(200, { message: 'validation.invalid' })
  title: string;

  @ApiProperty({ description: 'HTML (no scripts, frames or event handlers) or markdown', maxLength: 100000 })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100000, { message: 'validation.invalid' })
  @IsSafeHtml()
  body: string;

  @ApiPropertyOptional({ enum: CONTENT_SECTIONS, default: 'footer' })
  @IsOptional()
  @IsIn(CONTENT_SECTIONS, { message: 'validation.invalid' })
  section?: ContentSection;

  @ApiPropertyOptional({ description: 'Shared by the translations of one text, e.g. about-us' })
  @IsOptional()
  @trim
  @Matches(SLUG, { message: 'validation.invalid' })
  slug?: string | null;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(100000, { message: 'validation.invalid' })
  sortOrder?: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  published?: boolean;
}

/** PUT: every field optional; the record echoed by react-admin is accepted. */
export class UpdateContentDto extends RaRecordEcho {
  @ApiPropertyOptional({ enum: CONTENT_TYPES })
  @IsOptional()
  @IsIn(CONTENT_TYPES, { message: 'validation.invalid' })
  type?: ContentType;

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
  @MaxLength(100000, { message: 'validation.invalid' })
  @IsSafeHtml()
  body?: string;

  @ApiPropertyOptional({ enum: CONTENT_SECTIONS })
  @IsOptional()
  @IsIn(CONTENT_SECTIONS, { message: 'validation.invalid' })
  section?: ContentSection;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @trim
  @Matches(SLUG, { message: 'validation.invalid' })
  slug?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  @Min(0, { message: 'validation.invalid' })
  @Max(100000, { message: 'validation.invalid' })
  sortOrder?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  published?: boolean;
}
