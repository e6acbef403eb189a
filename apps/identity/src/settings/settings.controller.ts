import { Body, Controller, Get, Patch, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { updateSettingsRequestSchema, settingsResponseSchema } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { decideRename, decideUpdateSettings } from '../accounts/domain/user.decider';
import { UserProjection } from '../accounts/projections/user.projection';
import type { UserView } from '../accounts/projections/user.schema';
import { UserStream } from '../accounts/user-stream';
import { assertTimeZone } from './time-zone';

class SettingsResponseDto extends createZodDto(settingsResponseSchema) {}

class UpdateSettingsDto extends createZodDto(updateSettingsRequestSchema) {}

export const toSettingsResponse = (view: UserView) => ({
  name: view.name,
  email: view.email,
  emailConfirmed: view.emailConfirmed,
  timeZone: view.timeZone,
  reminderFrequency: view.reminderFrequency,
  phoneNumber: view.phoneNumber ?? '',
  channels: view.channels,
  shareProgressWithGroups: view.shareProgressWithGroups,
});

@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly users: UserStream,
    private readonly views: UserProjection,
  ) {}

  @ApiOperation({ summary: "The signed-in user's settings: name, time zone, reminders, channels, phone, sharing." })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(401)
  @Get()
  async get(@CurrentUser() caller: AuthUser) {
    return toSettingsResponse(await this.mine(caller.id));
  }

  @ApiOperation({ summary: 'Change some settings; fields left out keep their value.' })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(400, 401)
  @Patch()
  async update(@Body() body: UpdateSettingsDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest) {
    const current = await this.mine(caller.id);
    if (body.timeZone) assertTimeZone(body.timeZone);
    const phone = body.phoneNumber === undefined ? undefined : body.phoneNumber || null;
    const channels = body.channels ? [...new Set(body.channels)] : undefined;
    if ((channels ?? current.channels).includes('sms') && !(phone === undefined ? current.phoneNumber : phone)) {
      throw DomainError.validation([{ field: 'phoneNumber', message: 'Add a phone number to get SMS reminders.' }]);
    }
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
