import {
  applyDecorators,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';
import { AppException, ErrorCode } from '../errors';
import { clientAddress, requestToken, type AppRequest, type AuthPrincipal } from '../http/request-context';
import {
  API_KEY_ACCESS,
  API_KEY_AUTHENTICATOR,
  API_KEY_HEADERS,
  requiredApiKeyScope,
  signedRequestBody,
  type ApiKeyAuthenticator,
  type ApiKeyScope,
} from './api-key';
import { SESSION_STORE, type SessionStore } from './session-store';
import { TokenService } from './token.service';

const AUTH_KIND = 'swx:auth-kind';
/** The OpenAPI security schemes of signed API-key requests (declared in configureHttpApp): all three together. */
export const API_KEY_SECURITY = {
  'api-key': [],
  'api-timestamp': [],
  'api-signature': [],
};
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
    @Optional() @Inject(API_KEY_AUTHENTICATOR) private readonly apiKeys?: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.getAllAndOverride<AuthPrincipal['kind'] | undefined>(AUTH_KIND, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!kind) return true;
    const req = context.switchToHttp().getRequest<AppRequest>();
    if (kind === 'customer' && req.headers[API_KEY_HEADERS.key] !== undefined) {
      req.principal = await this.signedRequestPrincipal(req, context);
      return true;
    }
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

  /** A request signed with an API key: the key's owner, if the key's scopes open this route. */
  private async signedRequestPrincipal(req: AppRequest, context: ExecutionContext): Promise<AuthPrincipal> {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? undefined : value;
    };
    const keyId = header(API_KEY_HEADERS.key);
    const timestamp = header(API_KEY_HEADERS.timestamp);
    const signature = header(API_KEY_HEADERS.signature);
    if (!this.apiKeys || !keyId || !timestamp || !signature)
      throw new AppException(ErrorCode.Unauthorized, null, {}, 'auth.apiKeyInvalid');
    const { principal, scopes } = await this.apiKeys.authenticate({
      keyId,
      timestamp,
      signature,
      method: req.method,
      pathWithQuery: req.url,
      body: signedRequestBody(req),
      ip: clientAddress(req),
    });
    const declared = this.reflector.getAllAndOverride<ApiKeyScope | false | undefined>(API_KEY_ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    const needed = requiredApiKeyScope(req.method, req.routeOptions?.url ?? '', declared);
    if (!needed || !scopes.includes(needed))
      throw new AppException(ErrorCode.Forbidden, null, {}, 'auth.apiKeyScope');
    return principal;
  }
}

/**
 * The route needs a live customer session (`Authorization: Bearer <token>`), or a request signed
 * with an API key whose scopes open the route (see api-key.ts).
 */
export const CustomerAuth = () =>
  applyDecorators(
    SetMetadata(AUTH_KIND, 'customer'),
    UseGuards(AuthGuard),
    ApiBearerAuth(),
    ApiSecurity(API_KEY_SECURITY),
  );

/** The route needs a live admin session with one of the roles (none listed: any admin). */
export const AdminAuth = (...roles: AdminRole[]) =>
  applyDecorators(
    SetMetadata(AUTH_KIND, 'admin'),
    SetMetadata(AUTH_ROLES, roles),
    UseGuards(AuthGuard),
    ApiBearerAuth(),
  );
