import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { SecondLoginStepDto, TwoFactorCodeDto } from '../../two-factor/dto/two-factor.dto';

/** The same rules and message keys as a user's (two-factor/dto). */
export class AdminTotpCodeDto extends TwoFactorCodeDto {}

export class AdminLogin2faDto extends SecondLoginStepDto('The challenge answered by login when TOTP is on') {}

export class AdminReasonDto {
  @ApiProperty({ description: 'Why (kept in the audit log)', minLength: 3, maxLength: 500 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'validation.rejectReasonRequired' })
  @MinLength(3, { message: 'validation.rejectReasonRequired' })
  @MaxLength(500, { message: 'validation.invalid' })
  reason: string;
}
