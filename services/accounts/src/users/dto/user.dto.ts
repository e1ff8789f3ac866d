import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { ContactType } from '../../verification/contact';

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'validation.enterPassword' })
  @IsNotEmpty({ message: 'validation.enterPassword' })
  oldPassword: string;

  @ApiProperty({ description: '8-128 characters' })
  @IsString({ message: 'validation.enterPassword' })
  @Length(8, 128, { message: 'validation.passwordLength' })
  newPassword: string;
}

export class ChangeWithdrawPasswordDto {
  @ApiProperty({ enum: ['email', 'phone'], description: 'Where the code of scene withdrawPassword was sent' })
  @IsIn(['email', 'phone'], { message: 'validation.chooseRegisterType' })
  type: ContactType;

  @ApiProperty()
  @IsString({ message: 'validation.enterCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;

  @ApiProperty({ description: 'The new withdrawal password, 6-128 characters' })
  @IsString({ message: 'validation.enterWithdrawPassword' })
  @Length(6, 128, { message: 'validation.enterWithdrawPassword' })
  password: string;

  @ApiPropertyOptional({
    description: 'The authenticator code; required while two-factor authentication is on',
  })
  @IsOptional()
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  totpCode?: string;
}
