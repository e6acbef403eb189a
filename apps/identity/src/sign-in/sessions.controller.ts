import { ApiProblems, createZodDto, EdgePolicy } from '@abide/platform';
import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiBearerAuth, ApiResponse, ApiOperation, ApiBody, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import {
  type SessionResponse,
  signInChallengeSchema,
  signInRequestSchema,
  signOutRequestSchema,
  sessionResponseSchema,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie, refreshCookieNote } from '../shared/refresh-cookie';
import { type IssuedSession, Sessions } from '../sessions/sessions.port';
import { SignInHandler } from './sign-in.commands';

class SessionResponseDto extends createZodDto(sessionResponseSchema) {}
class SignOutRequestDto extends createZodDto(signOutRequestSchema) {}

class SignInRequestDto extends createZodDto(signInRequestSchema) {}
class SignInChallengeDto extends createZodDto(signInChallengeSchema) {}

@ApiTags('auth')
@Controller('auth')
export class SessionsController {
  constructor(
    private readonly signInHandler: SignInHandler,
    private readonly sessions: Sessions,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @ApiOperation({
    summary: 'Sign in with e-mail and password.',
    description: `200: signed in. ${refreshCookieNote} 202: the password is right and the account has two-factor sign-in on: no tokens yet; send the challenge with a code to POST /auth/two-factor/verify. 401 INVALID_CREDENTIALS for a wrong e-mail or password; 403 EMAIL_NOT_CONFIRMED (only after a correct password); 429 after repeated failures on the account or too many attempts from the network.`,
  })
  @ApiResponse({ status: 200, type: SessionResponseDto })
  @ApiResponse({ status: 202, type: SignInChallengeDto, description: 'A second factor is needed: POST /auth/two-factor/verify' })
  @ApiProblems(400, 401, 403, 429)
  @Public()
  @EdgePolicy({ rateLimit: 'sign-in' })
  @Post('sign-in')
  @HttpCode(200)
  async signIn(@Body() body: SignInRequestDto, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await this.signInHandler.execute(body);
    // Two answers by status: Nest would set its one declared status on a returned value, so the reply is sent here.
    if (outcome.kind === 'challenge') await reply.status(202).send(outcome.challenge);
    else await reply.status(200).send(this.answer(reply, outcome.issued));
  }

  /** Cookie only, no body: the refresh token never reaches JavaScript. */
  @ApiCookieAuth('abide_refresh')
  @ApiOperation({
    summary: 'A new access token from the refresh cookie (no body); rotates the refresh token.',
    description: `${refreshCookieNote} Replaying a rotated refresh token later than 10 s after its rotation ends the whole session (401).`,
  })
  @ApiResponse({ status: 200, type: SessionResponseDto })
  @ApiProblems(401)
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

  @ApiBearerAuth()
  @ApiBody({ type: SignOutRequestDto, required: false })
  @ApiOperation({ summary: 'Sign out of this device (`local`, the default) or of every device (`global`); clears the cookie.' })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401)
  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Body() body: unknown, @CurrentUser() caller: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    // No body means the defaults; a body, `null` included, must be the documented object.
    const parsed = signOutRequestSchema.safeParse(body === undefined ? {} : body);
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
