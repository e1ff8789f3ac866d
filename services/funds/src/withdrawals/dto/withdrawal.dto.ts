import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
export const AMOUNT_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;

export class CreateWithdrawalDto {
  @ApiPropertyOptional({
    enum: ['crypto', 'bank'],
    description: 'Missing: 10025 (choose a withdrawal method)',
  })
  @IsOptional()
  @IsIn(['crypto', 'bank'], { message: 'validation.invalid' })
  method?: 'crypto' | 'bank';

  @ApiProperty({ example: 'USDT' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  coin: string;

  @ApiPropertyOptional({ example: 'TRC20', description: 'Crypto withdrawals: the main network' })
  @IsOptional()
  @Transform(trim)
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  network?: string;

  @ApiPropertyOptional({ description: 'Crypto withdrawals: the receiving address (checked for the network)' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(128, { message: 'validation.invalid' })
  address?: string;

  @ApiPropertyOptional({ description: 'Bank withdrawals' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(64, { message: 'validation.invalid' })
  bankType?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(64, { message: 'validation.invalid' })
  bankAccount?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(128, { message: 'validation.invalid' })
  holderName?: string;

  @ApiProperty({ example: '150.5', description: 'Decimal string' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT_PATTERN, { message: 'validation.enterAmount' })
  amount: string;

  @ApiProperty()
  @IsString({ message: 'validation.enterWithdrawPassword' })
  @IsNotEmpty({ message: 'validation.enterWithdrawPassword' })
  @MaxLength(128, { message: 'validation.enterWithdrawPassword' })
  withdrawPassword: string;

  @ApiPropertyOptional({
    description:
      'The authenticator code: required while two-factor authentication is on (missing: 400 on totpCode, wrong: 10091), ' +
      'except for a request signed with an API key holding the withdraw scope',
  })
  @IsOptional()
  @IsString({ message: 'auth.enterTotpCode' })
  @Matches(/^\d{6}$/, { message: 'validation.codeFormat' })
  totpCode?: string;
}

export class ReviewDto {
  @ApiPropertyOptional({ description: 'Required to reject; shown to the user' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, { message: 'validation.invalid' })
  reason?: string;
}

export class CompleteWithdrawalDto {
  @ApiProperty({
    description:
      'The payout: its transaction hash (crypto, hex) or the bank transfer reference; shown to the user',
  })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @Matches(/^[\x21-\x7e]{4,128}$/, { message: 'validation.invalid' })
  reference: string;
}
