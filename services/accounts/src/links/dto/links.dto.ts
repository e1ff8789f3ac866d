import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class UnlinkGoogleDto {
  @ApiProperty({ description: 'The issuer of the linked account, as GET user/links lists it' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(512, { message: 'validation.invalid' })
  issuer: string;

  @ApiProperty({ description: 'The subject (account id at the provider), as GET user/links lists it' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(255, { message: 'validation.invalid' })
  subject: string;
}

export class UnlinkWalletDto {
  @ApiProperty({ description: 'The linked wallet address (0x + 40 hex)' })
  @IsString({ message: 'validation.addressInvalid' })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'validation.addressInvalid' })
  address: string;
}
