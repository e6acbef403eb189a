import type { ExecutionContext } from '@nestjs/common';
import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { errorCodes, Refusal, type Role } from '@abide/contracts';
import { AccessGuard } from './auth.guard';
import type { AuthUser } from './auth-user';
import { Public, Roles } from './decorators';
import type { TokenVerifier } from './token-verifier';

class Routes {
  @Public() open() {}
  plain() {}
  @Roles('moderator') moderate() {}
  @Roles('admin') operate() {}
}

const member = (roles: Role[], aal: AuthUser['aal']): AuthUser => ({ id: 'u1', email: 'u1@test.abide.local', roles, sessionId: 's1', aal });

const guardFor = (user: AuthUser | undefined) =>
  new AccessGuard(new Reflector(), {
    verify: async () => (user ? user : Promise.reject(new Error('invalid'))),
  } as unknown as TokenVerifier);

const contextOf = (handler: keyof Routes, authorization = 'Bearer token') =>
  ({
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ headers: { authorization } }) }),
  }) as unknown as ExecutionContext;

describe(AccessGuard.name, () => {
  it('lets anyone reach a public route and any signed-in member an ordinary one', async () => {
    await expect(guardFor(undefined).canActivate(contextOf('open', ''))).resolves.toBe(true);
    await expect(guardFor(member(['user'], 'aal1')).canActivate(contextOf('plain'))).resolves.toBe(true);
    await expect(guardFor(undefined).canActivate(contextOf('plain'))).rejects.toBeInstanceOf(UnauthorizedException);
  });

  it('refuses a role route to a member without the role, whatever their sign-in', async () => {
    await expect(guardFor(member(['user'], 'aal2')).canActivate(contextOf('moderate'))).rejects.toBeInstanceOf(ForbiddenException);
  });

  it('lets a moderator or admin use their role only in a session that passed two-factor sign-in', async () => {
    for (const [handler, role] of [
      ['moderate', 'moderator'],
      ['operate', 'admin'],
    ] as const) {
      const refused = guardFor(member(['user', role], 'aal1')).canActivate(contextOf(handler));
      await expect(refused).rejects.toBeInstanceOf(Refusal);
      await expect(refused).rejects.toMatchObject({ code: errorCodes.twoFactorRequired });
      await expect(guardFor(member(['user', role], 'aal2')).canActivate(contextOf(handler))).resolves.toBe(true);
    }
    // Their ordinary member routes stay open meanwhile (Settings, to turn it on).
    await expect(guardFor(member(['user', 'moderator'], 'aal1')).canActivate(contextOf('plain'))).resolves.toBe(true);
  });
});
