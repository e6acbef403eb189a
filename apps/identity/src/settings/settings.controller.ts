import { Body, Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  type SettingsResponse,
  updateSettingsRequestSchema,
  settingsResponseSchema,
} from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { decideRename, decideSmsChoice, decideUpdateSettings } from '../accounts/domain/user.decider';
import { UserProjection } from '../accounts/projections/user.projection';
import type { UserView } from '../accounts/projections/user.schema';
import { UserStream } from '../accounts/user-stream';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { phoneNumberOf, phoneRegionFor } from './phone-number';
import { assertTimeZone } from './time-zone';

class SettingsResponseDto extends createZodDto(settingsResponseSchema) {}

class UpdateSettingsDto extends createZodDto(updateSettingsRequestSchema) {}

const smsStatusOf = (view: UserView): SettingsResponse['sms'] => {
  if (view.smsOptedInAt) return { state: 'on', since: view.smsOptedInAt.toISOString() };
  if (view.smsOptOutSource === 'reply' && view.smsOptedOutAt) return { state: 'stopped', since: view.smsOptedOutAt.toISOString() };
  return { state: 'off', since: null };
};

/** `sms` is among the channels exactly when the member's opt-in stands, whatever older settings recorded. */
export const toSettingsResponse = (view: UserView): SettingsResponse => {
  const sms = smsStatusOf(view);
  const channels = (view.channels ?? DEFAULT_NOTIFICATION_CHANNELS).filter((c) => c !== 'sms');
  return {
    name: view.name,
    email: view.email,
    emailConfirmed: view.emailConfirmed,
    timeZone: view.timeZone,
    reminderFrequency: view.reminderFrequency,
    phoneNumber: view.phoneNumber ?? '',
    channels: (sms.state === 'on' ? [...channels, 'sms'] : channels) as SettingsResponse['channels'],
    shareProgressWithGroups: view.shareProgressWithGroups,
    sms,
  };
};

@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly users: UserStream,
    private readonly views: UserProjection,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @ApiOperation({ summary: "The signed-in user's settings: name, time zone, reminders, channels, phone, sharing." })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(401)
  @Get()
  async get(@CurrentUser() caller: AuthUser) {
    return toSettingsResponse(await this.mine(caller.id));
  }

  @ApiOperation({
    summary:
      'Change some settings; fields left out keep their value. The phone number is stored in E.164 (a national number ' +
      'is read in the country of the time zone). Adding sms to the channels is the opt-in to reminder texts at that ' +
      'number (recorded with its time), leaving it out the opt-out; a new number needs a new opt-in.',
  })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(400, 401)
  @Patch()
  async update(@Body() body: UpdateSettingsDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest) {
    const current = await this.mine(caller.id);
    if (body.timeZone) assertTimeZone(body.timeZone);
    const region = phoneRegionFor(body.timeZone ?? current.timeZone, this.config.PHONE_DEFAULT_REGION);
    const phone = phoneNumberOf(body.phoneNumber, region);
    const channels = body.channels ? [...new Set(body.channels)] : undefined;
    const wantsSms = channels ? channels.includes('sms') : undefined;
    // A number kept from before numbers were normalised is normalised for the opt-in it is given.
    const kept = wantsSms && current.phoneNumber ? (phoneNumberOf(current.phoneNumber, region) ?? null) : current.phoneNumber;
    const phoneAfter = phone === undefined ? kept : phone;
    if (wantsSms && !phoneAfter) {
      throw DomainError.validation([{ field: 'phoneNumber', message: 'Add a phone number to get reminder texts.' }]);
    }
    const now = new Date();
    await this.users.execute(
      caller.id,
      (state) => [
        ...(body.name ? decideRename(state, caller.id, body.name) : []),
        ...decideUpdateSettings(state, caller.id, {
          timeZone: body.timeZone,
          reminderFrequency: body.reminderFrequency,
          phoneNumber: phone,
          channels,
          shareProgressWithGroups: body.shareProgressWithGroups,
        }),
        ...decideSmsChoice(state, { userId: caller.id, phoneNumber: phoneAfter, wantsSms, source: 'settings', now }),
      ],
      { correlationId: String(req.id) },
    );
    return toSettingsResponse(await this.mine(caller.id));
  }

  private async mine(userId: string): Promise<UserView> {
    const view = await this.views.findById(userId);
    if (!view) throw DomainError.notFound('This account');
    return view;
  }
}
