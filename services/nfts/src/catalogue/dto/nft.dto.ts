import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { ISO_DATE_TIME_DESCRIPTION, IsIsoDateTime, PageQuery } from '@app/common';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** Amounts in USDT with at most 8 decimals, as decimal strings. */
const AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;
const ID = /^\d{1,18}$/;
/** An image of the catalogue: one of ours (a path on this host) or an https address. */
const IMAGE = /^(\/[\w./-]{1,300}|https:\/\/[^\s"'<>]{1,500})$/;

export class BuyNftDto {
  @ApiProperty({ example: '1' })
  @Matches(ID, { message: 'validation.invalid' })
  nftId: string;

  @ApiProperty({ enum: ['buy', 'bid'], description: 'buy at the listed price, or bid `amount`' })
  @IsIn(['buy', 'bid'], { message: 'validation.invalid' })
  type: 'buy' | 'bid';

  @ApiPropertyOptional({
    example: '150',
    description: 'The bid (USDT): above the current bid, below the price',
  })
  @ValidateIf((o: BuyNftDto) => o.type === 'bid')
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  amount?: string;
}

export class ListNftQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ['live', 'sold', 'ended'], description: 'live: open for purchase and bids' })
  @IsOptional()
  @IsIn(['live', 'sold', 'ended'], { message: 'validation.invalid' })
  status?: 'live' | 'sold' | 'ended';

  @ApiPropertyOptional({ example: 'Ethereum' })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(40, { message: 'validation.invalid' })
  chain?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  charityId?: number;

  @ApiPropertyOptional({ description: 'Part of the name or the creator' })
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(100, { message: 'validation.invalid' })
  q?: string;

  @ApiPropertyOptional({ enum: ['endingSoon', 'newest', 'priceAsc', 'priceDesc', 'mostDonated'] })
  @IsOptional()
  @IsIn(['endingSoon', 'newest', 'priceAsc', 'priceDesc', 'mostDonated'], { message: 'validation.invalid' })
  sort?: 'endingSoon' | 'newest' | 'priceAsc' | 'priceDesc' | 'mostDonated';
}

export class MyNftQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: ['owned', 'bids'],
    default: 'owned',
    description: 'bids: where I am the highest bidder',
  })
  @IsOptional()
  @IsIn(['owned', 'bids'], { message: 'validation.invalid' })
  type?: 'owned' | 'bids';
}

export class NftIdParam {
  @Matches(ID, { message: 'validation.invalid' })
  id: string;
}

export class CreateNftDto {
  @ApiProperty()
  @trim
  @IsString({ message: 'validation.required' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(120, { message: 'validation.invalid' })
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(2000, { message: 'validation.invalid' })
  description?: string;

  @ApiProperty({ example: '/swx/customer/index/nftImage/blue-spring.svg' })
  @IsString({ message: 'validation.required' })
  @Matches(IMAGE, { message: 'validation.invalid' })
  imageUrl: string;

  @ApiProperty({ example: '0x5f1e2a9c3b7d4e6f8a0b1c2d3e4f5a6b7c8d9e0f' })
  @IsString({ message: 'validation.required' })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'validation.addressInvalid' })
  contractAddress: string;

  @ApiProperty({ example: '1' })
  @IsString({ message: 'validation.required' })
  @Matches(/^\d{1,78}$/, { message: 'validation.invalid' })
  tokenId: string;

  @ApiProperty()
  @trim
  @IsString({ message: 'validation.required' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(120, { message: 'validation.invalid' })
  creator: string;

  @ApiProperty({ example: 'Ethereum' })
  @trim
  @IsString({ message: 'validation.required' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(40, { message: 'validation.invalid' })
  chain: string;

  @ApiProperty()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  charityId: number;

  @ApiPropertyOptional({ example: '500', description: 'Buy-now price; omit (or null) for an auction only' })
  @IsOptional()
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  price?: string | null;

  @ApiProperty({ example: '100' })
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  startBid: string;

  @ApiProperty({ example: '2030-01-01T00:00:00Z', description: ISO_DATE_TIME_DESCRIPTION })
  @IsIsoDateTime()
  endTime: string;
}

/**
 * Every field optional. react-admin sends the whole record back: the computed fields are accepted
 * and ignored.
 */
export class UpdateNftDto {
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(120, { message: 'validation.invalid' })
  name?: string;

  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(2000, { message: 'validation.invalid' })
  description?: string;

  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(IMAGE, { message: 'validation.invalid' })
  imageUrl?: string;

  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'validation.addressInvalid' })
  contractAddress?: string;

  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @Matches(/^\d{1,78}$/, { message: 'validation.invalid' })
  tokenId?: string;

  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(120, { message: 'validation.invalid' })
  creator?: string;

  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(40, { message: 'validation.invalid' })
  chain?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  charityId?: number;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  price?: string | null;

  @IsOptional()
  @IsString({ message: 'validation.enterAmount' })
  @Matches(AMOUNT, { message: 'validation.enterAmount' })
  startBid?: string;

  @ApiPropertyOptional({ example: '2030-01-01T00:00:00Z', description: ISO_DATE_TIME_DESCRIPTION })
  @IsOptional()
  @IsIsoDateTime()
  endTime?: string;

  @Allow() id?: unknown;
  @Allow() status?: unknown;
  @Allow() currentBid?: unknown;
  @Allow() bidCount?: unknown;
  @Allow() donated?: unknown;
  @Allow() ownerId?: unknown;
  @Allow() soldPrice?: unknown;
  @Allow() soldAt?: unknown;
  @Allow() currency?: unknown;
  @Allow() charity?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;
}

export class CharityDto {
  @ApiProperty()
  @trim
  @IsString({ message: 'validation.required' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(120, { message: 'validation.invalid' })
  name: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(2000, { message: 'validation.invalid' })
  description?: string;

  @ApiPropertyOptional({ example: 'https://example.org' })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @Matches(/^https:\/\/[^\s"'<>]{1,300}$/, { message: 'validation.invalid' })
  website?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;
}

export class UpdateCharityDto {
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @MinLength(1, { message: 'validation.required' })
  @MaxLength(120, { message: 'validation.invalid' })
  name?: string;

  @IsOptional()
  @IsString({ message: 'validation.invalid' })
  @MaxLength(2000, { message: 'validation.invalid' })
  description?: string;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @Matches(/^https:\/\/[^\s"'<>]{1,300}$/, { message: 'validation.invalid' })
  website?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;

  @Allow() id?: unknown;
  @Allow() donated?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() updatedAt?: unknown;
}
