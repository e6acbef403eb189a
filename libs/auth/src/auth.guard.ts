import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { errorCodes, Refusal, type Role, rolesRequireTwoFactor } from '@abide/contracts';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, REQUIRED_ROLES } from './decorators';
import { TokenVerifier } from './token-verifier';

interface RouteAccess {
  isPublic: boolean;
  roles: Role[] | undefined;
}

interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: AuthUser;
}

/** What a request without a valid access token is told. */
export const SESSION_MISSING = 'Your session is missing, invalid or expired. Please sign in again.';

/** `Authorization: Bearer <token>`, the scheme in any case (as passport-jwt read it). */
export const bearerToken = (header: string | string[] | undefined): string | undefined => {
  if (typeof header !== 'string') return undefined;
  const match = /^\s*(\S+)\s+(\S+)/.exec(header);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : undefined;
};

/** Global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows it further. */
@Injectable()
export class AccessGuard implements CanActivate {
  /** @Public() and @Roles() of each handler, read once. */
  private readonly access = new WeakMap<object, RouteAccess>();

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const { isPublic, roles } = this.accessOf(context);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    const user = token ? await this.tokens.verify(token).catch(() => undefined) : undefined;
    if (!user) throw new UnauthorizedException(SESSION_MISSING);
    request.user = user;
    if (roles?.length && !roles.some((role) => user.roles.includes(role))) {
      throw new ForbiddenException(`This needs the ${roles.join(' or ')} role.`);
    }
    // A moderator's or admin's powers need a session proven by a second factor (docs/architecture.md, "Two-factor
    // sign-in"); the member keeps every ordinary route meanwhile, Settings included, to turn it on.
    if (roles?.length && rolesRequireTwoFactor(roles) && user.aal !== 'aal2') {
      throw new Refusal(
        errorCodes.twoFactorRequired,
        'Moderator and admin tools need two-factor sign-in. Turn it on in Settings, then open this page again.',
      );
    }
    return true;
  }

  private accessOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    let access = this.access.get(handler);
    if (!access) {
      const targets = [handler, context.getClass()];
      access = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
        roles: this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets),
      };
      this.access.set(handler, access);
    }
    return access;
  }
}
