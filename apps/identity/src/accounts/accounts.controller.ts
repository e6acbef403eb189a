import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import {
  createProfileRequestSchema,
  type SignUpAccepted,
  signUpWithConfirmationSchema,
  type User,
  signUpAcceptedSchema,
  userSchema,
} from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto, EdgePolicy } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { CreateProfileHandler } from './create-profile.commands';
import { RegisterUserHandler } from './register-user.commands';
import { toUserResponse } from './dto/user-response.dto';
import { UserProjection } from './projections/user.projection';

class SignUpAcceptedDto extends createZodDto(signUpAcceptedSchema) {}
class UserDto extends createZodDto(userSchema) {}

class SignUpRequestDto extends createZodDto(signUpWithConfirmationSchema) {}
class CreateProfileRequestDto extends createZodDto(createProfileRequestSchema) {}

/** Sign-up and the caller's own account. */
@ApiTags('auth')
@Controller('auth')
export class AccountsController {
  constructor(
    private readonly register: RegisterUserHandler,
    private readonly createProfileHandler: CreateProfileHandler,
    private readonly users: UserProjection,
  ) {}

  /** 202 whether or not the address is registered: the e-mail tells the owner what to do. */
  @ApiOperation({
    summary: 'Create an account; a confirmation link is e-mailed.',
    description:
      'Always 202 with the same body, whether or not the address is registered (the owner of a registered address gets an e-mail instead). ' +
      'The link opens `/auth/callback?code=…&type=signup`; exchange the code with POST /auth/token and the PKCE verifier of `codeChallenge`.',
  })
  @ApiResponse({ status: 202, type: SignUpAcceptedDto })
  @ApiProblems(400, 422, 429)
  @Public()
  @EdgePolicy({ rateLimit: 'sign-up' })
  @Post('sign-up')
  @HttpCode(202)
  signUp(@Body() body: SignUpRequestDto, @Req() req: FastifyRequest): Promise<SignUpAccepted> {
    return this.register.execute(body, String(req.id));
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's account." })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(401, 404)
  @Get('me')
  async me(@CurrentUser() caller: AuthUser): Promise<User> {
    const user = await this.users.findById(caller.id);
    if (!user) throw DomainError.notFound('Your profile');
    return toUserResponse(user);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'Set the display name (idempotent); answers with the account.' })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(400, 401, 404)
  @Post('create-profile')
  @HttpCode(200)
  createProfile(@Body() body: CreateProfileRequestDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<User> {
    return this.createProfileHandler.execute(caller.id, body.name, String(req.id));
  }
}
