import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { USERNAME_PATTERN, type ContactType } from '../../verification/contact';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @ApiProperty({ description: 'A username, an e-mail, or a phone as +<area code><number>' })
  @Transform(trim)
  @IsString({ message: 'validation.enterUsernameOrEmail' })
  @MaxLength(254, { message: 'validation.invalid' })
  account: string;

  @ApiProperty()
  @IsString({ message: 'validation.enterPassword' })
  @IsNotEmpty({ message: 'validation.enterPassword' })
  @MaxLength(128, { message: 'validation.passwordLength' })
  password: string;
}

export class SendCodeDto {
  @ApiProperty({ enum: ['email', 'phone'] })
  @IsIn(['email', 'phone'], { message: 'validation.chooseRegisterType' })
  type: ContactType;

  @ApiProperty({ description: 'The e-mail or the phone (+<area code><number>) that receives the code' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(254, { message: 'validation.invalid' })
  account: string;

  @ApiProperty({ enum: ['register', 'reset', 'withdrawPassword'] })
  @IsIn(['register', 'reset', 'withdrawPassword'], { message: 'validation.invalid' })
  scene: 'register' | 'reset' | 'withdrawPassword';
}

export class RegisterDto {
  @ApiProperty({ enum: ['email', 'phone'] })
  @IsIn(['email', 'phone'], { message: 'validation.chooseRegisterType' })
  type: ContactType;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(254, { message: 'validation.invalid' })
  account: string;

  @ApiProperty({ description: '3-32 letters, digits, dots, dashes or underscores' })
  @Transform(trim)
  @IsString({ message: 'validation.enterUsername' })
  @IsNotEmpty({ message: 'validation.enterUsername' })
  @Matches(USERNAME_PATTERN, { message: 'validation.usernameFormat' })
  username: string;

  @ApiProperty({ description: '8-128 characters (NIST 800-63B: length only, no composition rules)' })
  @IsString({ message: 'validation.enterPassword' })
  @Length(8, 128, { message: 'validation.passwordLength' })
  password: string;

  @ApiProperty({ description: 'The 6-digit code sent by sendCode (scene register)' })
  @IsString({ message: 'validation.enterCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'validation.inviteCodeInvalid' })
  @MaxLength(32, { message: 'validation.inviteCodeInvalid' })
  inviteCode?: string;
}

export class ResetPasswordDto {
  @ApiProperty({ enum: ['email', 'phone'] })
  @IsIn(['email', 'phone'], { message: 'validation.chooseRegisterType' })
  type: ContactType;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(254, { message: 'validation.invalid' })
  account: string;

  @ApiProperty()
  @IsString({ message: 'validation.enterCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  code: string;

  @ApiProperty()
  @IsString({ message: 'validation.enterPassword' })
  @Length(8, 128, { message: 'validation.passwordLength' })
  password: string;
}

export class CheckUserNameOrPhoneQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(254)
  username?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(32)
  phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(254)
  email?: string;
}
