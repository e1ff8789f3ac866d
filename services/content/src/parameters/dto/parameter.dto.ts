import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { RaRecordEcho, trim } from '../../shared/validators';

/** PUT: the value (checked against the parameter's kind) and/or the description. */
export class UpdateParameterDto extends RaRecordEcho {
  @ApiPropertyOptional({
    description:
      'Checked against the kind: decimal, ratio (0..1), integer, url or text; left out, the value stays (a description alone changes)',
  })
  // Required unless a description is sent (the console sends only the fields that changed).
  @ValidateIf((o: UpdateParameterDto) => o.value !== undefined || o.description === undefined)
  @trim
  @IsString({ message: 'validation.required' })
  @MaxLength(2048, { message: 'validation.invalid' })
  value?: string;

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
