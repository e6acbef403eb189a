import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '@abide/contracts';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, REQUIRED_ROLES } from './decorators';

/** Global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows it further. */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    await (super.canActivate(context) as Promise<boolean>);
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (required?.length) {
      const user = context.switchToHttp().getRequest<{ user: AuthUser }>().user;
      if (!required.some((role) => user.roles.includes(role))) {
        throw new ForbiddenException(`This needs the ${required.join(' or ')} role.`);
      }
    }
    return true;
  }

  handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error || !user) {
      throw new UnauthorizedException('Your session is missing, invalid or expired. Please sign in again.');
    }
    return user;
  }
}
