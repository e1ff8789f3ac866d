import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth } from '@nestjs/swagger';
import { AppException, ErrorCode } from '../errors';
import { requestToken, type AppRequest, type AuthPrincipal } from '../http/request-context';
import { SESSION_STORE, type SessionStore } from './session-store';
import { TokenService } from './token.service';

const AUTH_KIND = 'swx:auth-kind';
const AUTH_ROLES = 'swx:auth-roles';

/** Admin roles (DESIGN.md / console issue): reviewer, operator, super-admin. */
export enum AdminRole {
  Reviewer = 'reviewer',
  Operator = 'operator',
  SuperAdmin = 'super_admin',
}

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.getAllAndOverride<AuthPrincipal['kind'] | undefined>(AUTH_KIND, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!kind) return true;
    const req = context.switchToHttp().getRequest<AppRequest>();
    const token = requestToken(req);
    const claims = token ? await this.tokens.verify(token, kind) : null;
    const principal = claims ? await this.sessions.findLive(claims.sessionId, kind) : null;
    if (!principal || principal.id !== claims?.subjectId) throw new AppException(ErrorCode.Unauthorized);
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(AUTH_ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    // Super-admins may do everything; other admins need one of the listed roles.
    if (
      roles?.length &&
      !principal.roles.includes(AdminRole.SuperAdmin) &&
      !roles.some((r) => principal.roles.includes(r))
    ) {
      throw new AppException(ErrorCode.Forbidden);
    }
    req.principal = principal;
    return true;
  }
}

/** The route needs a live customer session (`Authorization: Bearer <token>`). */
export const CustomerAuth = () =>
  applyDecorators(SetMetadata(AUTH_KIND, 'customer'), UseGuards(AuthGuard), ApiBearerAuth());

/** The route needs a live admin session with one of the roles (none listed: any admin). */
export const AdminAuth = (...roles: AdminRole[]) =>
  applyDecorators(
    SetMetadata(AUTH_KIND, 'admin'),
    SetMetadata(AUTH_ROLES, roles),
    UseGuards(AuthGuard),
    ApiBearerAuth(),
  );
