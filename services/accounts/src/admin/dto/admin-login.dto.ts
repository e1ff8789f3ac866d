import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class AdminLoginDto {
  @ApiProperty()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsEmail({}, { message: 'validation.emailFormat' })
  email: string;

  @ApiProperty()
  @IsString({ message: 'validation.enterPassword' })
  @IsNotEmpty({ message: 'validation.enterPassword' })
  @MaxLength(128, { message: 'validation.passwordLength' })
  password: string;
}
