import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { ResourcesExportQuery } from '../resources/resources.port';

/** The library's part of "Download my data": the caller's resources (metadata, not the files). Internal: identity's GET /account/export gathers it with the caller's token. */
@ApiExcludeController()
@Controller('account')
export class AccountExportController {
  constructor(private readonly queries: ResourcesExportQuery) {}

  @Get('export')
  async export(@CurrentUser() caller: AuthUser) {
    return { resources: await this.queries.exportFor(caller.id) };
  }
}
