import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from '@app/common';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateApiKeyDto {
  @ApiProperty({ description: 'A name to recognise the key by, 1-64 characters', example: 'trading bot' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(64, { message: 'validation.invalid' })
  label: string;

  @ApiProperty({
    enum: API_KEY_SCOPES,
    isArray: true,
    description:
      'read: GET endpoints and getUserInfo; trade: order endpoints; withdraw: POST user/withdrawal ' +
      '(needs two-factor authentication on and totpCode)',
  })
  @IsArray({ message: 'validation.required' })
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayUnique({ message: 'validation.invalid' })
  @IsIn(API_KEY_SCOPES, { each: true, message: 'validation.invalid' })
  scopes: ApiKeyScope[];

  @ApiPropertyOptional({
    type: [String],
    description: 'IP addresses or CIDR networks (e.g. 203.0.113.7, 198.51.100.0/24) the key may be used from',
  })
  @IsOptional()
  @IsArray({ message: 'validation.invalid' })
  @ArrayMaxSize(20, { message: 'validation.invalid' })
  @IsString({ each: true, message: 'validation.invalid' })
  @MaxLength(64, { each: true, message: 'validation.invalid' })
  ipAllowlist?: string[];

  @ApiPropertyOptional({
    description: 'The authenticator code: required while two-factor authentication is on',
  })
  @IsOptional()
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  totpCode?: string;
}

export class ApiKeyIdParam {
  @ApiProperty({ description: 'The key id (ak_...)' })
  @IsString()
  @Matches(/^ak_[0-9a-f]{32}$/, { message: 'validation.invalid' })
  keyId: string;
}
