import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import { RaRecordEcho, trim } from '../../shared/validators';

/** PUT: the value (checked against the parameter's kind) and optionally the description. */
export class UpdateParameterDto extends RaRecordEcho {
  @ApiProperty({ description: 'Checked against the kind: decimal, ratio (0..1), integer, url or text' })
  @trim
  @IsString({ message: 'validation.required' })
  @MaxLength(2048, { message: 'validation.invalid' })
  value: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @trim
  @IsString({ message: 'validation.invalid' })
  @MaxLength(500, { message: 'validation.invalid' })
  description?: string;

  // Read-only fields of the record that react-admin sends back.
  @Allow()
  key?: unknown;

  @Allow()
  kind?: unknown;

  @Allow()
  public?: unknown;
}
