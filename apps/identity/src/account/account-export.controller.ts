import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { EventStore } from '@abide/event-store';
import { DomainError } from '@abide/platform';
import { toUserResponse } from '../accounts/dto/user.response';
import { UserProjection } from '../accounts/projections/user.projection';
import { userStreamId } from '../accounts/user-stream';
import { toSettingsResponse } from '../settings/settings.controller';

/** Identity's part of "Download my data": the account, its settings and the history of changes to it. */
@ApiExcludeController()
@Controller('account')
export class AccountExportController {
  constructor(
    private readonly users: UserProjection,
    private readonly eventStore: EventStore,
  ) {}

  @Get('export')
  async export(@CurrentUser() caller: AuthUser) {
    const view = await this.users.findById(caller.id);
    if (!view) throw DomainError.notFound('This account');
    // The export is the history itself, every event of the stream: the one place identity reads it whole.
    const history = await this.eventStore.load(userStreamId(caller.id));
    return {
      account: toUserResponse(view),
      settings: toSettingsResponse(view),
      history: history.map((e) => ({ type: e.type, occurredAt: e.occurredAt, data: e.data })),
    };
  }
}
