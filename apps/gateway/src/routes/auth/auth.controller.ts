import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import { sessionResponseSchema, signUpRequestSchema, userSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class SignUpRequestDto extends createZodDto(signUpRequestSchema) {}
class SessionResponseDto extends createZodDto(sessionResponseSchema) {}
class UserDto extends createZodDto(userSchema) {}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly services: ServiceClient) {}

  @Public()
  @Post('sign-up')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an account with name, email and password; answers with a session.' })
  @ApiResponse({ status: 201, type: SessionResponseDto, description: 'The new account and its session' })
  @ApiProblems(400, 409, 422, 429)
  async signUp(@Body() body: SignUpRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
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
}
