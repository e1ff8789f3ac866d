import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MaxLength,
} from 'class-validator';
import { AdminRole } from '@app/common';

const ADMIN_ROLES = Object.values(AdminRole);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** The same rule as the first admin's ADMIN_PASSWORD (app-config): 12 characters at least. */
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 128;

export class CreateAdminDto {
  @ApiProperty({ example: 'reviewer@example.com' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsEmail({}, { message: 'validation.emailFormat' })
  @MaxLength(254, { message: 'validation.emailFormat' })
  email: string;

  @ApiProperty({ description: 'Shown in the console beside the e-mail', maxLength: 100 })
  @Transform(trim)
  @IsString({ message: 'validation.adminDisplayName' })
  @Length(1, 100, { message: 'validation.adminDisplayName' })
  displayName: string;

  @ApiProperty({ enum: AdminRole, isArray: true, description: 'reviewer, operator and/or super_admin' })
  @IsArray({ message: 'validation.adminRoles' })
  @ArrayMinSize(1, { message: 'validation.adminRoles' })
  @ArrayMaxSize(ADMIN_ROLES.length, { message: 'validation.adminRoles' })
  @IsIn(ADMIN_ROLES, { each: true, message: 'validation.adminRoles' })
  roles: AdminRole[];

  @ApiPropertyOptional({
    description: `The initial password (${ADMIN_PASSWORD_MIN}-${ADMIN_PASSWORD_MAX} characters); left out, one is generated and answered this once`,
  })
  @IsOptional()
  @IsString({ message: 'validation.adminPasswordLength' })
  @Length(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX, { message: 'validation.adminPasswordLength' })
  password?: string;
}

export class UpdateAdminDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'validation.adminDisplayName' })
  @Length(1, 100, { message: 'validation.adminDisplayName' })
  displayName?: string;

  @ApiPropertyOptional({ enum: AdminRole, isArray: true })
  @IsOptional()
  @IsArray({ message: 'validation.adminRoles' })
  @ArrayMinSize(1, { message: 'validation.adminRoles' })
  @ArrayMaxSize(ADMIN_ROLES.length, { message: 'validation.adminRoles' })
  @IsIn(ADMIN_ROLES, { each: true, message: 'validation.adminRoles' })
  roles?: AdminRole[];
}

export class AdminPasswordResetDto {
  @ApiProperty({ description: 'Why (kept in the audit log)', minLength: 3, maxLength: 500 })
  @Transform(trim)
  @IsString({ message: 'validation.rejectReasonRequired' })
  @Length(3, 500, { message: 'validation.rejectReasonRequired' })
  reason: string;

  @ApiPropertyOptional({
    description: `The new password (${ADMIN_PASSWORD_MIN}-${ADMIN_PASSWORD_MAX} characters); left out, one is generated and answered this once`,
  })
  @IsOptional()
  @IsString({ message: 'validation.adminPasswordLength' })
  @Length(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX, { message: 'validation.adminPasswordLength' })
  password?: string;
}

export class RoleGrantRejectDto {
  @ApiProperty({ description: 'Why (kept with the grant and in the audit log)', maxLength: 500 })
  @Transform(trim)
  @IsString({ message: 'validation.rejectReasonRequired' })
  @Length(1, 500, { message: 'validation.rejectReasonRequired' })
  reason: string;
}

export class RoleGrantWithdrawDto {
  @ApiPropertyOptional({ description: 'Why (kept with the grant and in the audit log)', maxLength: 500 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'validation.invalid' })
  @MaxLength(500, { message: 'validation.invalid' })
  reason?: string;
}
