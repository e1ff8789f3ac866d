import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class TwoFactorCodeDto {
  @ApiProperty({ description: 'The 6-digit code of the authenticator app' })
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;
}

export class LoginTwoFactorDto {
  @ApiProperty({ description: 'The challenge answered by login when two-factor authentication is on' })
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
