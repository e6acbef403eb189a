import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { signUpRequestSchema, type SessionResponse, type User } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { RegisterUserHandler } from './commands/register-user.handler';
import { toUserResponse } from './dto/user.response';
import { UserProjection } from './projections/user.projection';

class SignUpRequestDto extends createZodDto(signUpRequestSchema) {}

/** Documented at the gateway (the public contract); services keep their routes out of OpenAPI. */
@ApiExcludeController()
@Controller('auth')
export class AccountsController {
  constructor(
    private readonly register: RegisterUserHandler,
    private readonly users: UserProjection,
  ) {}

  @Public()
  @Post('sign-up')
  @HttpCode(201)
  signUp(@Body() body: SignUpRequestDto, @Req() req: FastifyRequest): Promise<SessionResponse> {
    return this.register.execute(body, String(req.id));
  }

  @Get('me')
  async me(@CurrentUser() caller: AuthUser): Promise<User> {
    const user = await this.users.findById(caller.id);
    if (!user) throw DomainError.notFound('Your profile');
    return toUserResponse(user);
  }
}
