import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import {
  type RecoveryCodes,
  recoveryCodesSchema,
  type SessionResponse,
  sessionResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  type TwoFactorEnrolment,
  twoFactorEnrolmentSchema,
  type TwoFactorStatus,
  twoFactorStatusSchema,
  twoFactorVerifyRequestSchema,
} from '@abide/contracts';
import { ApiProblems, createZodDto, EdgePolicy, CacheTags } from '@abide/platform';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { refreshCookieNote, setRefreshCookie } from '../shared/refresh-cookie';
import { SignInChallenges } from './sign-in-challenges.service';
import { TwoFactorService } from './two-factor.service';

class TwoFactorStatusDto extends createZodDto(twoFactorStatusSchema) {}
class TwoFactorEnrolmentDto extends createZodDto(twoFactorEnrolmentSchema) {}
class RecoveryCodesDto extends createZodDto(recoveryCodesSchema) {}
class TwoFactorCodeRequestDto extends createZodDto(twoFactorCodeRequestSchema) {}
class TwoFactorDisableRequestDto extends createZodDto(twoFactorDisableRequestSchema) {}
class TwoFactorEnableRequestDto extends createZodDto(twoFactorEnableRequestSchema) {}
class TwoFactorVerifyRequestDto extends createZodDto(twoFactorVerifyRequestSchema) {}
class SessionResponseDto extends createZodDto(sessionResponseSchema) {}

/** Two-factor sign-in (docs/architecture.md "Two-factor sign-in"): the member's own settings, and sign-in's second step. */
@ApiTags('auth')
@Controller('auth/two-factor')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: SignInChallenges,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @ApiOperation({
    summary: "Sign-in's second step: the challenge from sign-in (or from an e-mail link) with a code from the app or a recovery code.",
    description: `${refreshCookieNote} The session counts as proven by two factors (\`aal: aal2\`). 401 INVALID_CODE for a wrong, spent or stale code (each counts toward the account's back-off); 401 CHALLENGE_EXPIRED when the challenge is unknown, used or older than 5 minutes; 429 after repeated wrong codes.`,
  })
  @ApiResponse({ status: 200, type: SessionResponseDto })
  @ApiProblems(400, 401, 429)
  @Public()
  // Codes are guessed like passwords, so they are limited like them (and backed off per account).
  @EdgePolicy({ rateLimit: 'two-factor' })
  @Post('verify')
  @HttpCode(200)
  async verify(
    @Body() body: TwoFactorVerifyRequestDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const { issued } = await this.challenges.complete(body.challenge, body.code, String(req.id));
    if (issued.refreshToken) setRefreshCookie(reply, issued.refreshToken, issued.absoluteExpiresAt, this.config.COOKIE_SECURE);
    return issued.response;
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "Whether the signed-in member's two-factor sign-in is on, whether their roles require it, and how many recovery codes are left.",
  })
  @ApiResponse({ status: 200, type: TwoFactorStatusDto })
  @ApiProblems(401, 404)
  @Get()
  @CacheTags({ provides: ['TwoFactor'] })
  status(@CurrentUser() caller: AuthUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(caller.id);
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Start turning two-factor sign-in on: a new secret for an authenticator app, as a QR code and as text.',
    description: 'Confirm it within 15 minutes with a code from the app. 409 when it is already on.',
  })
  @ApiResponse({ status: 200, type: TwoFactorEnrolmentDto })
  @ApiProblems(401, 404, 409)
  @Post('enrolment')
  @HttpCode(200)
  start(@CurrentUser() caller: AuthUser): Promise<TwoFactorEnrolment> {
    return this.twoFactor.startEnrolment(caller);
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Turn two-factor sign-in on with the password and a current code from the app; answers the 10 recovery codes, shown this once.',
    description:
      "This session then counts as proven by two factors (refresh for a token that says so) and every other session ends. 400 for a wrong password or INVALID_CODE for a wrong code (each counts toward the account's back-off); 409 when it is already on or the setup expired; 429 after repeated failures.",
  })
  @ApiResponse({ status: 200, type: RecoveryCodesDto })
  @ApiProblems(400, 401, 404, 409, 429)
  @Post('enrolment/confirm')
  @HttpCode(200)
  async confirm(
    @Body() body: TwoFactorEnableRequestDto,
    @CurrentUser() caller: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<RecoveryCodes> {
    return { recoveryCodes: await this.twoFactor.confirmEnrolment(caller, body.password, body.code, String(req.id)) };
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Replace the recovery codes (a current code from the app is needed); the old ones stop working.',
    description: '400 INVALID_CODE for a wrong code; 409 when two-factor sign-in is off; 429 after repeated wrong codes.',
  })
  @ApiResponse({ status: 200, type: RecoveryCodesDto })
  @ApiProblems(400, 401, 404, 409, 429)
  @Post('recovery-codes')
  @HttpCode(200)
  @CacheTags({ invalidates: ['TwoFactor'] })
  async renew(@Body() body: TwoFactorCodeRequestDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<RecoveryCodes> {
    return { recoveryCodes: await this.twoFactor.renewRecoveryCodes(caller, body.code, String(req.id)) };
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Turn two-factor sign-in off with the password and a code from the app (or a recovery code).',
    description:
      'The secret and the recovery codes are deleted. 400 for a wrong password or code; 403 while the member is a moderator or admin (their roles need it); 409 when it is off; 429 after repeated failures.',
  })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401, 403, 404, 409, 429)
  @Post('disable')
  @HttpCode(204)
  @CacheTags({ invalidates: ['TwoFactor'] })
  async disable(@Body() body: TwoFactorDisableRequestDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<void> {
    await this.twoFactor.disable(caller, body.password, body.code, String(req.id));
  }
}
