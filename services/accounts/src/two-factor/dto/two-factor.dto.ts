import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/*
 * The bodies of a two-factor step. A user's routes (two-factor/, auth/) and an admin's (admin/) take
 * the same fields with the same rules and message keys, so the admin DTOs extend these ones.
 */

export class TwoFactorCodeDto {
  @ApiProperty({ description: 'The 6-digit code of the authenticator app' })
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;
}

/**
 * The second login step: the challenge login answered, and a code of the authenticator app or a
 * recovery code. Only the challenge's description differs between users and admins.
 */
export function SecondLoginStepDto(challengeDescription: string) {
  class SecondLoginStep {
    @ApiProperty({ description: challengeDescription })
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
  return SecondLoginStep;
}

export class LoginTwoFactorDto extends SecondLoginStepDto(
  'The challenge answered by login when two-factor authentication is on',
) {}
