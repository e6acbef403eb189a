import { Body, Controller, Get, Inject, Patch, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { type SettingsResponse, updateSettingsRequestSchema, settingsResponseSchema } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { Accounts, type UserView, UserCommands } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { SmsOptInChecks } from '../sms/sms.port';
import { phoneNumberOf, phoneRegionFor } from '../shared/phone-number';
import { toSettingsResponse } from './settings-response';
import { assertTimeZone } from '../shared/time-zone';

class SettingsResponseDto extends createZodDto(settingsResponseSchema) {}

class UpdateSettingsDto extends createZodDto(updateSettingsRequestSchema) {}

@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly users: UserCommands,
    private readonly views: Accounts,
    private readonly optIns: SmsOptInChecks,
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
