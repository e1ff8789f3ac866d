import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateAdjustmentDto {
  @ApiProperty({ enum: ['user', 'system'], description: "Whose account: a customer's or a house account" })
  @IsIn(['user', 'system'], { message: 'validation.invalid' })
  ownerType: 'user' | 'system';

  @ApiProperty({
    description:
      "The customer's id (ownerType user), or the system account's name (ownerType system, e.g. fees; never adjustments itself)",
  })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @Matches(/^[0-9a-zA-Z_-]{1,64}$/, { message: 'validation.invalid' })
  ownerId: string;

  @ApiProperty({ enum: ['real', 'demo'] })
  @IsIn(['real', 'demo'], { message: 'validation.invalid' })
  book: 'real' | 'demo';

  @ApiProperty({ example: 'USDT' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  currency: string;

  @ApiProperty({
    enum: ['credit', 'debit'],
    description:
      'credit adds to the account, debit takes from it (the other side is the system account adjustments)',
  })
  @IsIn(['credit', 'debit'], { message: 'validation.invalid' })
  direction: 'credit' | 'debit';

  @ApiProperty({ example: '25.5', description: 'Positive decimal string, at most 18 decimals' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(/^\d{1,20}(\.\d{1,18})?$/, { message: 'validation.enterAmount' })
  amount: string;

  @ApiProperty({ description: 'Why (kept in the audit trail and shown to the approver)' })
  @Transform(trim)
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(500, { message: 'validation.invalid' })
  reason: string;

  @ApiPropertyOptional({
    description:
      "The account kind: customers' available (the default and the only one), system accounts' main",
  })
  @IsOptional()
  @Matches(/^[a-z_]{2,32}$/, { message: 'validation.invalid' })
  kind?: string;
}

export class AdjustmentDecisionDto {
  @ApiPropertyOptional({ description: 'Required to reject' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500, { message: 'validation.invalid' })
  reason?: string;
}
