import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import {
  AppException,
  ErrorCode,
  isIdempotentRoute,
  requestBook,
  takesCurrentBook,
  windsDown,
  type AppRequest,
} from '@app/common';

/**
 * The demo book of a user an operator disabled (admin-users.controller.ts: disableDemo): every
 * customer request that moves money (an @Idempotent() route) on the book of the `virtually` header
 * (a @CurrentBook() route) is refused with 10094 while the header chooses the demo book (`NO` or
 * missing). Reads, the real book, routes of the real book only and the routes that only wind down
 * what the user holds there (@WindsDown(): close a position, cancel an order) are not touched.
 *
 * Global (APP_INTERCEPTOR of the accounts module, which every service process loads), and it runs
 * after the guards (the principal is known) and before the idempotency interceptor, so a refusal is
 * not stored as the answer of the key: the same request succeeds once the book is enabled again.
 */
@Injectable()
export class DemoBookGate implements NestInterceptor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<AppRequest>();
    if (
      req.principal?.kind === 'customer' &&
      isIdempotentRoute(context.getHandler()) &&
      !windsDown(context.getHandler()) &&
      takesCurrentBook(context.getClass(), context.getHandler()) &&
      requestBook(req) === 'demo' &&
      (req.principal.demoDisabled ?? (await this.demoDisabled(req.principal.id)))
    ) {
      throw new AppException(ErrorCode.DemoAccountDisabled);
    }
    return next.handle();
  }

  private async demoDisabled(userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<{ disabled: boolean }[]>(
      'SELECT demo_disabled_at IS NOT NULL AS disabled FROM accounts.users WHERE id = $1',
      [userId],
    );
    return rows[0]?.disabled === true;
  }
}
