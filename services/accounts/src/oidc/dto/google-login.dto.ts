import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginByGoogleDto {
  @ApiProperty({ description: 'The code parameter the provider sent to the callback page' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(2048, { message: 'validation.invalid' })
  code: string;

  @ApiProperty({ description: 'The state parameter of the callback, as googleAuthUrl issued it' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(128, { message: 'validation.invalid' })
  state: string;

  @ApiPropertyOptional({
    description: 'The iss parameter of the callback, when the provider sends one (RFC 9207)',
  })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(512, { message: 'validation.invalid' })
  iss?: string;
}
