import { z } from 'zod';
import { ApiProblems, createZodDto } from '@abide/platform';
import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import { codeExchangeRequestSchema, confirmEmailRequestSchema, sessionResponseSchema, signInChallengeSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { setRefreshCookie, refreshCookieNote } from '../shared/refresh-cookie';
import { SignInChallenge } from '../two-factor/two-factor.port';
import { EmailConfirmation } from '../accounts/accounts.port';
import { LinkCodes } from '../links/links.port';

const flow = z.enum(['signup', 'recovery']);
class CodeExchangeResponseDto extends createZodDto(sessionResponseSchema.extend({ flow })) {}
class CodeExchangeChallengeDto extends createZodDto(signInChallengeSchema.extend({ flow })) {}
class ConfirmedDto extends createZodDto(z.object({ confirmed: z.literal(true) })) {}

class CodeExchangeRequestDto extends createZodDto(codeExchangeRequestSchema) {}
class ConfirmEmailRequestDto extends createZodDto(confirmEmailRequestSchema) {}

/** The e-mail links: `/auth/callback?code=…&type=signup|recovery` in the web app lands here. */
@ApiTags('auth')
@Controller('auth')
export class LinksController {
  constructor(
    private readonly codes: LinkCodes,
    private readonly confirmEmail: EmailConfirmation,
    private readonly challenges: SignInChallenge,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** PKCE exchange in the browser that asked for the link: confirms the e-mail and starts a session. */
  @ApiOperation({
    summary: 'Exchange the one-time code of an e-mail link, with the PKCE verifier, for a session.',
    description: `200: a session. ${refreshCookieNote} A sign-up code confirms the e-mail address. 202: the account has two-factor sign-in on (a mailbox alone is not enough): send the challenge with a code to POST /auth/two-factor/verify. 400 INVALID_LINK when the code is unknown, used, expired or the verifier does not match.`,
  })
  @ApiResponse({ status: 200, type: CodeExchangeResponseDto })
  @ApiResponse({ status: 202, type: CodeExchangeChallengeDto, description: 'A second factor is needed: POST /auth/two-factor/verify' })
  @ApiProblems(400)
  @Public()
  @Post('token')
  @HttpCode(200)
  async token(@Body() body: CodeExchangeRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { userId, flow } = await this.codes.redeem(body.code, { flows: ['signup', 'recovery'], codeVerifier: body.codeVerifier });
    // A recovery link proves the mailbox as well as a confirmation link does.
    await this.confirmEmail.execute(userId, String(req.id));
    const state = await this.confirmEmail.statusOf(userId);
    const outcome = await this.challenges.sessionOrChallenge(userId, state, flow === 'recovery' ? 'recovery' : 'signup');
    // Two answers by status: Nest would set its one declared status on a returned value, so the reply is sent here.
    if (outcome.kind === 'challenge') {
      await reply.status(202).send({ ...outcome.challenge, flow });
      return;
    }
    const { issued } = outcome;
    if (issued.refreshToken) setRefreshCookie(reply, issued.refreshToken, issued.absoluteExpiresAt, this.config.COOKIE_SECURE);
    await reply.status(200).send({ ...issued.response, flow });
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
