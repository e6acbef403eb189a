import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { EventStore } from '@abide/event-store';
import { ApiProblems, DomainError } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toUserResponse, Accounts, userStreamId } from '../accounts/accounts.port';
import { ImportedAddresses } from '../member-imports/member-imports.port';
import { toSettingsResponse } from '../settings/settings.port';
import { SmsOptInChecks } from '../sms/sms.port';
import { PersonalDataParts } from './personal-data-parts';

/** "Download my data": identity's own part (the account, its settings and its history) and every other service's. */
@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountExportController {
  constructor(
    private readonly users: Accounts,
    private readonly eventStore: EventStore,
    private readonly parts: PersonalDataParts,
    private readonly imports: ImportedAddresses,
    private readonly optIns: SmsOptInChecks,
  ) {}

  @ApiOperation({
    summary: 'Download everything the platform holds about the signed-in user, gathered from every service, as one JSON file.',
  })
  @ApiProduces('application/json')
  @ApiResponse({ status: 200, description: 'A JSON file (Content-Disposition: attachment)' })
  @ApiProblems(401)
  @Get('export')
  async export(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [identity, others] = await Promise.all([this.identityPart(caller), this.parts.gather(req)]);
    const body = { exportedAt: new Date().toISOString(), identity, ...others };
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="abide-export-${body.exportedAt.slice(0, 10)}.json"`)
      .send(JSON.stringify(body, null, 2));
  }

  private async identityPart(caller: AuthUser) {
    const view = await this.users.findById(caller.id);
    if (!view) throw DomainError.notFound('This account');
    // The export is the history itself, every event of the stream: the one place identity reads it whole.
    const history = await this.eventStore.load(userStreamId(caller.id));
    return {
      account: toUserResponse(view),
      settings: toSettingsResponse(view, await this.optIns.statusOf(caller.id, view.phoneNumber)),
      history: history.map((e) => ({ type: e.type, occurredAt: e.occurredAt, data: e.data })),
      // Churches' member lists that named this address: the row as the church wrote it, and the invitation.
      importedBy: await this.imports.importedAs(view.email),
    };
  }
}
