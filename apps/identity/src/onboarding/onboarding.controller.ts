import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { onboardingRequestSchema, type User, userSchema } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { toUserResponse, Accounts, UserCommands } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { phoneNumberOf, phoneRegionFor } from '../shared/phone-number';
import { assertTimeZone } from '../shared/time-zone';
import { SmsOptInChecks } from '../sms/sms.port';

class UserDto extends createZodDto(userSchema) {}

class OnboardingRequestDto extends createZodDto(onboardingRequestSchema) {}

@ApiTags('onboarding')
@ApiBearerAuth()
@Controller('onboarding')
export class OnboardingController {
  constructor(
    private readonly users: UserCommands,
    private readonly views: Accounts,
    private readonly optIns: SmsOptInChecks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Stores the answers on the user and publishes them; formation builds the first plan from the event. */
  @ApiOperation({
    summary:
      'Save the onboarding answers (goals, connection preferences, reminders, phone, time zone, whether to share progress ' +
      'with their groups and churches: off unless given as true); the first plan follows. ' +
      'The phone number is stored in E.164 (a national number is read in the country of the time zone); smsOptIn records ' +
      'the opt-in to reminder texts at it, with its time; it needs the number proved with a texted code ' +
      '(POST /settings/phone/verification) and not stopped by a STOP reply (409).',
  })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiProblems(400, 401, 409)
  @Post('complete')
  @HttpCode(200)
  async complete(@Body() body: OnboardingRequestDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<User> {
    const timeZone = assertTimeZone(body.timeZone ?? 'UTC');
    const phoneNumber = phoneNumberOf(body.phoneNumber ?? null, phoneRegionFor(timeZone, this.config.PHONE_DEFAULT_REGION)) ?? null;
    if (body.smsOptIn && !phoneNumber) {
      throw DomainError.validation([{ field: 'phoneNumber', message: 'Add a phone number to get reminder texts.' }]);
    }
    if (body.smsOptIn && phoneNumber) await this.optIns.assertMayOptIn(caller.id, phoneNumber);
    await this.users.handle(
      {
        type: 'CompleteOnboarding',
        userId: caller.id,
        name: body.name,
        spiritualGoals: body.spiritualGoals,
        connectionPreferences: body.connectionPreferences,
        reminderFrequency: body.reminderFrequency,
        phoneNumber,
        timeZone,
        smsOptIn: !!body.smsOptIn,
        shareProgressWithGroups: body.shareProgressWithGroups,
        now: new Date(),
      },
      { correlationId: String(req.id) },
    );
    if (body.smsOptIn && phoneNumber) await this.optIns.honourStopAfterOptIn(caller.id, phoneNumber, String(req.id));
    const view = await this.views.findById(caller.id);
    if (!view) throw DomainError.notFound('This account');
    return toUserResponse(view);
  }
}
