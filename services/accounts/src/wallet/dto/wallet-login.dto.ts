import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class DappNonceQuery {
  @ApiProperty({ description: 'The wallet address (0x + 40 hex) that will sign in' })
  @IsString({ message: 'validation.addressInvalid' })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'validation.addressInvalid' })
  address: string;
}

export class LoginByDappDto {
  @ApiProperty({ description: 'The EIP-4361 (Sign-In with Ethereum) message the wallet signed' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(4000, { message: 'validation.invalid' })
  message: string;

  @ApiProperty({ description: 'The personal_sign signature of the message (0x + 130 hex)' })
  @IsString({ message: 'validation.required' })
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: 'auth.siweSignature' })
  signature: string;
}
