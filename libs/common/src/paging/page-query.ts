import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The customer lists' paging (`pageNum` from 1 to 1,000,000, `pageSize` up to 100). */
export class PageQuery {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(1_000_000, { message: 'validation.invalid' })
  pageNum?: number;

  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(100, { message: 'validation.invalid' })
  pageSize?: number;
}
