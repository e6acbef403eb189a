import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { type SessionResponse, signInRequestSchema, signOutRequestSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto, ZodValidationException } from 'nestjs-zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';
import { type IssuedSession, SessionsService } from './sessions.service';
import { SignInHandler } from './sign-in.handler';

class SignInRequestDto extends createZodDto(signInRequestSchema) {}

/** Documented at the gateway (the public contract). */
@ApiExcludeController()
@Controller('auth')
export class SessionsController {
  constructor(
    private readonly signInHandler: SignInHandler,
    private readonly sessions: SessionsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  async signIn(@Body() body: SignInRequestDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponse> {
    return this.answer(reply, await this.signInHandler.execute(body));
  }

  /** Cookie only, no body: the refresh token never reaches JavaScript. */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponse> {
    try {
      return this.answer(reply, await this.sessions.refresh(refreshCookieOf(req)));
    } catch (error) {
      clearRefreshCookie(reply, this.config.COOKIE_SECURE);
      throw error;
    }
  }

  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Body() body: unknown, @CurrentUser() caller: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const parsed = signOutRequestSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    if (parsed.data.scope === 'global') await this.sessions.revokeAllOf(caller.id, 'signed-out-everywhere');
    else await this.sessions.revoke(caller.sessionId, 'signed-out', caller.id);
    clearRefreshCookie(reply, this.config.COOKIE_SECURE);
  }

  private answer(reply: FastifyReply, issued: IssuedSession): SessionResponse {
    if (issued.refreshToken) setRefreshCookie(reply, issued.refreshToken, issued.absoluteExpiresAt, this.config.COOKIE_SECURE);
    return issued.response;
  }
}
