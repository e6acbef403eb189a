import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { onboardingRequestSchema, userSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class OnboardingRequestDto extends createZodDto(onboardingRequestSchema) {}
class UserDto extends createZodDto(userSchema) {}

@ApiTags('onboarding')
@ApiBearerAuth()
@Controller('onboarding')
export class OnboardingController {
  constructor(private readonly services: ServiceClient) {}

  @Post('complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save the onboarding answers (goals, connection preferences, reminders, phone, time zone); the first plan follows.' })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(400, 401)
  async complete(@Body() body: OnboardingRequestDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }
}
