import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppException } from '@app/common';

/** A positive integer id in the path (the content tables use int identities); else 400. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  constructor(
    private readonly field = 'id',
    private readonly min = 1,
  ) {}

  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value ?? '')) throw AppException.field(this.field, 'validation.invalid');
    const n = Number(value);
    if (n < this.min || n > 2147483647) throw AppException.field(this.field, 'validation.invalid');
    return n;
  }
}
