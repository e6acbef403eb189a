import { formationProfileSchema } from '@abide/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { FormationProfile } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto } from '@abide/platform';
import { ProfileProjection } from './projections/profile.projection';

class FormationProfileDto extends createZodDto(formationProfileSchema) {}

@ApiTags('formation')
@ApiBearerAuth()
@Controller('formation')
export class ProfilesController {
  constructor(private readonly profiles: ProfileProjection) {}

  /** Only ever the caller's own profile: the id comes from the verified token, never from the request. */
  @ApiOperation({ summary: "The signed-in user's formation profile (created from the registration event)." })
  @ApiResponse({ status: 200, type: FormationProfileDto })
  @ApiProblems(401, 404)
  @Get('profile')
  async mine(@CurrentUser() caller: AuthUser): Promise<FormationProfile> {
    const profile = await this.profiles.findByUser(caller.id);
    if (!profile) throw DomainError.notFound('Your formation profile');
    return profile;
  }
}
