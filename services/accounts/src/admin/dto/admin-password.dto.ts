import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from './admin-accounts.dto';

/** The logged-in admin's own password change. */
export class AdminChangePasswordDto {
  @ApiProperty({ description: 'The current password' })
  @IsString({ message: 'validation.enterPassword' })
  @IsNotEmpty({ message: 'validation.enterPassword' })
  @MaxLength(ADMIN_PASSWORD_MAX, { message: 'validation.passwordLength' })
  oldPassword: string;

  @ApiProperty({ description: `The new password, ${ADMIN_PASSWORD_MIN}-${ADMIN_PASSWORD_MAX} characters` })
  @IsString({ message: 'validation.adminPasswordLength' })
  @Length(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX, { message: 'validation.adminPasswordLength' })
  newPassword: string;
}
