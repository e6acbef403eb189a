import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { onboardingRequestSchema, type User, userSchema } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { decideCompleteOnboarding } from '../accounts/domain/user.decider';
import { toUserResponse } from '../accounts/dto/user.response';
import { UserProjection } from '../accounts/projections/user.projection';
import { UserStream } from '../accounts/user-stream';
import { assertTimeZone } from '../settings/time-zone';

class UserDto extends createZodDto(userSchema) {}

class OnboardingRequestDto extends createZodDto(onboardingRequestSchema) {}

@ApiTags('onboarding')
@ApiBearerAuth()
@Controller('onboarding')
export class OnboardingController {
  constructor(
    private readonly users: UserStream,
    private readonly views: UserProjection,
  ) {}

  /** Stores the answers on the user and publishes them; formation builds the first plan from the event. */
  @ApiOperation({
    summary: 'Save the onboarding answers (goals, connection preferences, reminders, phone, time zone); the first plan follows.',
  })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(400, 401)
  @Post('complete')
  @HttpCode(200)
  async complete(@Body() body: OnboardingRequestDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<User> {
    const timeZone = assertTimeZone(body.timeZone ?? 'UTC');
    await this.users.execute(
      caller.id,
      (state) =>
        decideCompleteOnboarding(state, {
          userId: caller.id,
          name: body.name,
          spiritualGoals: body.spiritualGoals,
          connectionPreferences: body.connectionPreferences,
          reminderFrequency: body.reminderFrequency,
          phoneNumber: body.phoneNumber ? body.phoneNumber : null,
          timeZone,
          now: new Date(),
        }),
      { correlationId: String(req.id) },
    );
    const view = await this.views.findById(caller.id);
    if (!view) throw DomainError.notFound('This account');
    return toUserResponse(view);
  }
}
