import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AddWithdrawalAddressDto {
  @ApiProperty({ example: 'USDT' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  coin: string;

  @ApiProperty({ example: 'TRC20', description: 'The main network; the address is checked for it' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  network: string;

  @ApiProperty({ description: 'The receiving address, checked as a withdrawal checks it' })
  @Transform(trim)
  @IsString({ message: 'validation.addressInvalid' })
  @MaxLength(128, { message: 'validation.invalid' })
  address: string;

  @ApiProperty({ description: '1-40 characters, shown in the list', example: 'My hardware wallet' })
  @Transform(trim)
  @IsString({ message: 'validation.addressLabel' })
  @Length(1, 40, { message: 'validation.addressLabel' })
  label: string;
}

export class SetWithdrawalWhitelistDto {
  @ApiProperty({
    description:
      'true: crypto withdrawals only to usable address-book entries; false: any address, after a 24-hour hold',
  })
  @IsBoolean({ message: 'validation.invalid' })
  enabled: boolean;

  @ApiProperty()
  @IsString({ message: 'validation.enterWithdrawPassword' })
  @IsNotEmpty({ message: 'validation.enterWithdrawPassword' })
  @MaxLength(128, { message: 'validation.enterWithdrawPassword' })
  withdrawPassword: string;

  @ApiPropertyOptional({
    description:
      'The authenticator code: required while two-factor authentication is on (missing: 400, wrong: 10091)',
  })
  @IsOptional()
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  totpCode?: string;
}
