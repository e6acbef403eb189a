import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCookieAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import {
  changePasswordRequestSchema,
  codeExchangeRequestSchema,
  confirmEmailRequestSchema,
  createProfileRequestSchema,
  newPasswordRequestSchema,
  recoverRequestSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpAcceptedSchema,
  signUpWithConfirmationSchema,
  userSchema,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto, ZodValidationException } from 'nestjs-zod';
import { z } from 'zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';
import { AuthRateLimit } from '../../rate-limit/rate-limit.guard';

class SignUpRequestDto extends createZodDto(signUpWithConfirmationSchema) {}
class SignUpAcceptedDto extends createZodDto(signUpAcceptedSchema) {}
class SignInRequestDto extends createZodDto(signInRequestSchema) {}
class SessionResponseDto extends createZodDto(sessionResponseSchema) {}
class CodeExchangeRequestDto extends createZodDto(codeExchangeRequestSchema) {}
class CodeExchangeResponseDto extends createZodDto(sessionResponseSchema.extend({ flow: z.enum(['signup', 'recovery']) })) {}
class ConfirmEmailRequestDto extends createZodDto(confirmEmailRequestSchema) {}
class ConfirmedDto extends createZodDto(z.object({ confirmed: z.literal(true) })) {}
class RecoverRequestDto extends createZodDto(recoverRequestSchema) {}
class RecoverAcceptedDto extends createZodDto(z.object({ message: z.string() })) {}
class NewPasswordRequestDto extends createZodDto(newPasswordRequestSchema) {}
class ChangePasswordRequestDto extends createZodDto(changePasswordRequestSchema) {}
class SignOutRequestDto extends createZodDto(signOutRequestSchema) {}
class CreateProfileRequestDto extends createZodDto(createProfileRequestSchema) {}
class UserDto extends createZodDto(userSchema) {}

const refreshCookieNote =
  'Sets the refresh token in the `abide_refresh` cookie (HttpOnly, SameSite=Strict, Path=/api/auth; Max-Age = what is left of the session).';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly services: ServiceClient) {}

  @Public()
  @Post('sign-up')
  @HttpCode(202)
  @AuthRateLimit('sign-up')
  @ApiOperation({
    summary: 'Create an account; a confirmation link is e-mailed.',
    description:
      'Always 202 with the same body, whether or not the address is registered (the owner of a registered address gets an e-mail instead). ' +
      'The link opens `/auth/callback?code=…&type=signup`; exchange the code with POST /auth/token and the PKCE verifier of `codeChallenge`.',
  })
  @ApiResponse({ status: 202, type: SignUpAcceptedDto })
  @ApiProblems(400, 422, 429)
  async signUp(@Body() body: SignUpRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  @AuthRateLimit('sign-in')
  @ApiOperation({
    summary: 'Sign in with e-mail and password.',
    description: `${refreshCookieNote} 401 INVALID_CREDENTIALS for a wrong e-mail or password; 403 EMAIL_NOT_CONFIRMED (only after a correct password); 429 after repeated failures on the account or too many attempts from the network.`,
  })
  @ApiResponse({ status: 200, type: SessionResponseDto })
  @ApiProblems(400, 401, 403, 429)
  async signIn(@Body() body: SignInRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiCookieAuth('abide_refresh')
  @ApiOperation({
    summary: 'A new access token from the refresh cookie (no body); rotates the refresh token.',
    description: `${refreshCookieNote} Replaying a rotated refresh token later than 10 s after its rotation ends the whole session (401).`,
  })
  @ApiResponse({ status: 200, type: SessionResponseDto })
  @ApiProblems(401)
  async refresh(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body: {} });
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiBody({ type: SignOutRequestDto, required: false })
  @ApiOperation({ summary: 'Sign out of this device (`local`, the default) or of every device (`global`); clears the cookie.' })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401)
  async signOut(@Body() raw: unknown, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body = signOutRequestSchema.safeParse(raw ?? {});
    if (!body.success) throw new ZodValidationException(body.error);
    await this.services.forward('identity', req, reply, { body: body.data });
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange the one-time code of an e-mail link, with the PKCE verifier, for a session.',
    description: `${refreshCookieNote} A sign-up code confirms the e-mail address. 400 INVALID_LINK when the code is unknown, used, expired or the verifier does not match.`,
  })
  @ApiResponse({ status: 200, type: CodeExchangeResponseDto })
  @ApiProblems(400)
  async token(@Body() body: CodeExchangeRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm the e-mail with a sign-up link opened in another browser (no verifier, no session).' })
  @ApiResponse({ status: 200, type: ConfirmedDto })
  @ApiProblems(400)
  async confirm(@Body() body: ConfirmEmailRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Public()
  @Post('recover')
  @HttpCode(202)
  @AuthRateLimit('recover')
  @ApiOperation({
    summary: 'E-mail a password-reset link (`/auth/callback?code=…&type=recovery`) if the account exists.',
    description: 'Always 202 with the same body.',
  })
  @ApiResponse({ status: 202, type: RecoverAcceptedDto })
  @ApiProblems(400, 429)
  async recover(@Body() body: RecoverRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Post('password')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Set a new password with the session of a recovery link (within an hour, once); ends every other session.',
  })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401, 403, 422)
  async setPassword(@Body() body: NewPasswordRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Post('change-password')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the password with the current one (Settings); ends every other session.' })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401, 422, 429)
  async changePassword(@Body() body: ChangePasswordRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's account." })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(401, 404)
  async me(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply);
  }

  @Post('create-profile')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Set the display name (idempotent); answers with the account.' })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(400, 401, 404)
  async createProfile(@Body() body: CreateProfileRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }
}
