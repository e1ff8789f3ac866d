import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The OpenAPI body of `user/recharge` (multipart). The fields are read and checked by
 * RechargesService.submit; this class only documents them.
 */
export class RechargeFormBody {
  @ApiProperty({ example: 'USDT' })
  coin: string;

  @ApiPropertyOptional({ example: 'TRC20', description: "The coin's default network when left out" })
  network?: string;

  @ApiProperty({ example: '150', description: 'At least the minimum deposit of the coin and network' })
  amount: string;

  @ApiProperty({ description: 'The transaction hash of the transfer' })
  txHash: string;

  @ApiPropertyOptional({ description: 'The last 6 characters of the sending address or account' })
  last6?: string;

  @ApiProperty({ type: 'string', format: 'binary', description: 'The voucher image (JPG, PNG or JPEG 2000)' })
  voucher: unknown;
}
