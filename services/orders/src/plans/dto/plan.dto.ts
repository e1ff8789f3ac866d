import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Min } from 'class-validator';

export class BuyPlanDto {
  @ApiProperty({ description: 'The product (10010 when unknown)' })
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  productId: number;

  @ApiProperty({ example: '1000', description: 'Decimal string within the product range (10013 outside it)' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(/^\d{1,20}(\.\d{1,18})?$/, { message: 'validation.enterAmount' })
  amount: string;

  @ApiProperty({ example: 7, description: 'One of the product cycles, in days (10012 otherwise)' })
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  days: number;
}

export class PlanRefDto {
  @ApiProperty()
  @IsString({ message: 'validation.invalid' })
  @Matches(/^\d{1,18}$/, { message: 'validation.invalid' })
  orderId: string;
}
