import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class AdminTotpCodeDto {
  @ApiProperty({ description: 'The 6-digit code of the authenticator app' })
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;
}

export class AdminLogin2faDto {
  @ApiProperty({ description: 'The challenge answered by login when TOTP is on' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(100, { message: 'validation.invalid' })
  challenge: string;

  @ApiPropertyOptional({ description: 'The 6-digit code of the authenticator app (or give recoveryCode)' })
  @IsOptional()
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code?: string;

  @ApiPropertyOptional({ description: 'One of the recovery codes shown at enrolment; each works once' })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(32, { message: 'validation.invalid' })
  recoveryCode?: string;
}

export class AdminReasonDto {
  @ApiProperty({ description: 'Why (kept in the audit log)', minLength: 3, maxLength: 500 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'validation.rejectReasonRequired' })
  @MinLength(3, { message: 'validation.rejectReasonRequired' })
  @MaxLength(500, { message: 'validation.invalid' })
  reason: string;
}
