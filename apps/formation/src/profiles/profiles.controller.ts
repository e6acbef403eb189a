import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { FormationProfile } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { ProfileProjection } from './projections/profile.projection';

@ApiExcludeController()
@Controller('formation')
export class ProfilesController {
  constructor(private readonly profiles: ProfileProjection) {}

  /** Only ever the caller's own profile: the id comes from the verified token, never from the request. */
  @Get('profile')
  async mine(@CurrentUser() caller: AuthUser): Promise<FormationProfile> {
    const profile = await this.profiles.findByUser(caller.id);
    if (!profile) throw DomainError.notFound('Your formation profile');
    return profile;
  }
}
