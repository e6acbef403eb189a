import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { createProfileRequestSchema, type SignUpAccepted, signUpWithConfirmationSchema, type User } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { CreateProfileHandler } from './commands/create-profile.handler';
import { RegisterUserHandler } from './commands/register-user.handler';
import { toUserResponse } from './dto/user.response';
import { UserProjection } from './projections/user.projection';

class SignUpRequestDto extends createZodDto(signUpWithConfirmationSchema) {}
class CreateProfileRequestDto extends createZodDto(createProfileRequestSchema) {}

/** Documented at the gateway (the public contract); services keep their routes out of OpenAPI. */
@ApiExcludeController()
@Controller('auth')
export class AccountsController {
  constructor(
    private readonly register: RegisterUserHandler,
    private readonly createProfileHandler: CreateProfileHandler,
    private readonly users: UserProjection,
  ) {}

  /** 202 whether or not the address is registered: the e-mail tells the owner what to do. */
  @Public()
  @Post('sign-up')
  @HttpCode(202)
  signUp(@Body() body: SignUpRequestDto, @Req() req: FastifyRequest): Promise<SignUpAccepted> {
    return this.register.execute(body, String(req.id));
  }

  @Get('me')
  async me(@CurrentUser() caller: AuthUser): Promise<User> {
    const user = await this.users.findById(caller.id);
    if (!user) throw DomainError.notFound('Your profile');
    return toUserResponse(user);
  }

  @Post('create-profile')
  @HttpCode(200)
  createProfile(@Body() body: CreateProfileRequestDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<User> {
    return this.createProfileHandler.execute(caller.id, body.name, String(req.id));
  }
}
