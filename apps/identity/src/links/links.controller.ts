import { z } from 'zod';
import { ApiProblems, createZodDto } from '@abide/platform';
import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import { codeExchangeRequestSchema, confirmEmailRequestSchema, type SessionResponse, sessionResponseSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { setRefreshCookie, refreshCookieNote } from '../sessions/refresh-cookie';
import { SessionsService } from '../sessions/sessions.service';
import { ConfirmEmailHandler } from './commands/confirm-email.handler';
import type { LinkFlow } from './domain/one-time-code';
import { OneTimeCodes } from './one-time-codes.service';

class CodeExchangeResponseDto extends createZodDto(sessionResponseSchema.extend({ flow: z.enum(['signup', 'recovery']) })) {}
class ConfirmedDto extends createZodDto(z.object({ confirmed: z.literal(true) })) {}

class CodeExchangeRequestDto extends createZodDto(codeExchangeRequestSchema) {}
class ConfirmEmailRequestDto extends createZodDto(confirmEmailRequestSchema) {}

/** The e-mail links: `/auth/callback?code=…&type=signup|recovery` in the web app lands here. */
@ApiTags('auth')
@Controller('auth')
export class LinksController {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly confirmEmail: ConfirmEmailHandler,
    private readonly sessions: SessionsService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** PKCE exchange in the browser that asked for the link: confirms the e-mail and starts a session. */
  @ApiOperation({
    summary: 'Exchange the one-time code of an e-mail link, with the PKCE verifier, for a session.',
    description: `${refreshCookieNote} A sign-up code confirms the e-mail address. 400 INVALID_LINK when the code is unknown, used, expired or the verifier does not match.`,
  })
  @ApiResponse({ status: 200, type: CodeExchangeResponseDto })
  @ApiProblems(400)
  @Public()
  @Post('token')
  @HttpCode(200)
  async token(
    @Body() body: CodeExchangeRequestDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse & { flow: LinkFlow }> {
    const { userId, flow } = await this.codes.redeem(body.code, { flows: ['signup', 'recovery'], codeVerifier: body.codeVerifier });
    // A recovery link proves the mailbox as well as a confirmation link does.
    await this.confirmEmail.execute(userId, String(req.id));
    const issued = await this.sessions.start(userId, flow === 'recovery' ? 'recovery' : 'signup');
    if (issued.refreshToken) setRefreshCookie(reply, issued.refreshToken, issued.absoluteExpiresAt, this.config.COOKIE_SECURE);
    return { ...issued.response, flow };
  }

  /** A confirmation link opened in another browser (no verifier): confirms, but starts no session there. */
  @ApiOperation({ summary: 'Confirm the e-mail with a sign-up link opened in another browser (no verifier, no session).' })
  @ApiResponse({ status: 200, type: ConfirmedDto })
  @ApiProblems(400)
  @Public()
  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body() body: ConfirmEmailRequestDto, @Req() req: FastifyRequest): Promise<{ confirmed: true }> {
    const { userId } = await this.codes.redeem(body.code, { flows: ['signup'] });
    await this.confirmEmail.execute(userId, String(req.id));
    return { confirmed: true };
  }
}
