import { Body, Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  type SettingsResponse,
  updateSettingsRequestSchema,
  settingsResponseSchema,
  type SmsOptOutSource,
  smsOptOutSources,
} from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { UserProjection } from '../accounts/projections/user.projection';
import type { UserView } from '../accounts/projections/user.schema';
import { UserStream } from '../accounts/user-stream';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { type NumberStatus, SmsOptIns } from '../sms/sms-opt-ins';
import { phoneNumberOf, phoneRegionFor } from './phone-number';
import { assertTimeZone } from './time-zone';

class SettingsResponseDto extends createZodDto(settingsResponseSchema) {}

class UpdateSettingsDto extends createZodDto(updateSettingsRequestSchema) {}

const isOptOutSource = (source: string | null | undefined): source is SmsOptOutSource =>
  (smsOptOutSources as readonly unknown[]).includes(source);

/** A STOP from the number wins over any account's opt-in: it is the number's owner speaking. */
const smsStatusOf = (view: UserView, number: NumberStatus): SettingsResponse['sms'] => {
  const facts = { verified: number.verified, startTo: number.startTo };
  if (number.stoppedAt) return { state: 'stopped', since: number.stoppedAt.toISOString(), ...facts, endedBy: null };
  if (view.smsOptedInAt) return { state: 'on', since: view.smsOptedInAt.toISOString(), ...facts, endedBy: null };
  return { state: 'off', since: null, ...facts, endedBy: isOptOutSource(view.smsOptOutSource) ? view.smsOptOutSource : null };
};

/** `sms` is among the channels exactly when the member's opt-in stands, whatever older settings recorded. */
export const toSettingsResponse = (view: UserView, number: NumberStatus): SettingsResponse => {
  const sms = smsStatusOf(view, number);
  const channels = (view.channels ?? DEFAULT_NOTIFICATION_CHANNELS).filter((c) => c !== 'sms');
  return {
    name: view.name,
    email: view.email,
    emailConfirmed: view.emailConfirmed,
    timeZone: view.timeZone,
    reminderFrequency: view.reminderFrequency,
    phoneNumber: view.phoneNumber ?? '',
    channels: (sms.state === 'on' ? [...channels, 'sms'] : channels) as SettingsResponse['channels'],
    // Off until the member turns it on (#26): a view written before the field existed has none.
    shareProgressWithGroups: view.shareProgressWithGroups === true,
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
    private readonly optIns: SmsOptIns,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @ApiOperation({ summary: "The signed-in user's settings: name, time zone, reminders, channels, phone, sharing." })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(401)
  @Get()
  @CacheTags({ provides: ['Settings'] })
  async get(@CurrentUser() caller: AuthUser) {
    return this.response(caller.id);
  }

  @ApiOperation({
    summary:
      'Change some settings; fields left out keep their value. The phone number is stored in E.164 (a national number ' +
      'is read in the country of the time zone). Adding sms to the channels is the opt-in to reminder texts at that ' +
      'number (recorded with its time), leaving it out the opt-out; a new number needs a new opt-in. The opt-in needs a ' +
      'number the member proved with a texted code (400 otherwise) that has not replied STOP (409 until it texts START).',
  })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(400, 401, 409)
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
    if (wantsSms && phoneAfter) await this.optIns.assertMayOptIn(caller.id, phoneAfter);
    await this.users.handle(
      {
        type: 'ChangeSettings',
        userId: caller.id,
        name: body.name || undefined,
        settings: {
          timeZone: body.timeZone,
          reminderFrequency: body.reminderFrequency,
          phoneNumber: phone,
          channels,
          shareProgressWithGroups: body.shareProgressWithGroups,
        },
        phoneAfter,
        wantsSms,
        now: new Date(),
      },
      { correlationId: String(req.id) },
    );
    if (wantsSms && phoneAfter) await this.optIns.honourStopAfterOptIn(caller.id, phoneAfter, String(req.id));
    return this.response(caller.id);
  }

  private async response(userId: string): Promise<SettingsResponse> {
    const view = await this.mine(userId);
    return toSettingsResponse(view, await this.optIns.statusOf(userId, view.phoneNumber));
  }

  private async mine(userId: string): Promise<UserView> {
    const view = await this.views.findById(userId);
    if (!view) throw DomainError.notFound('This account');
    return view;
  }
}
