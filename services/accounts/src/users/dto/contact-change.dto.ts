import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ContactType } from '../../verification/contact';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SendContactCodeDto {
  @ApiProperty({ enum: ['email', 'phone'], description: 'Which contact changes' })
  @IsIn(['email', 'phone'], { message: 'validation.chooseRegisterType' })
  type: ContactType;

  @ApiProperty({ description: 'The NEW e-mail or phone (+<area code><number>): the code is sent there' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(254, { message: 'validation.invalid' })
  account: string;
}

export class ChangeContactDto extends SendContactCodeDto {
  @ApiProperty({ description: 'The code sent to the new address (scene changeContact)' })
  @IsString({ message: 'validation.enterCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;

  @ApiProperty({ description: 'The current login password' })
  @IsString({ message: 'validation.enterPassword' })
  @IsNotEmpty({ message: 'validation.enterPassword' })
  @MaxLength(128, { message: 'validation.passwordLength' })
  password: string;

  @ApiPropertyOptional({ description: 'The authenticator code; required while 2FA is on' })
  @IsOptional()
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  totpCode?: string;
}
