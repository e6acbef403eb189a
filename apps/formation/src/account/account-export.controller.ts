import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { ProfileProjection } from '../profiles/projections/profile.projection';

/** Formation's part of "Download my data". Plans, habits and the journal join it as they arrive. */
@ApiExcludeController()
@Controller('account')
export class AccountExportController {
  constructor(private readonly profiles: ProfileProjection) {}

  @Get('export')
  async export(@CurrentUser() caller: AuthUser) {
    return { profile: await this.profiles.findByUser(caller.id) };
  }
}
