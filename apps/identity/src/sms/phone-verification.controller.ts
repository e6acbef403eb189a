import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  type PhoneVerificationRequest,
  type PhoneVerificationSent,
  phoneVerificationConfirmSchema,
  phoneVerificationRequestSchema,
  phoneVerificationSentSchema,
  type PhoneVerified,
  phoneVerifiedSchema,
} from '@abide/contracts';
import { ApiProblems, createZodDto, DomainError } from '@abide/platform';
import { Accounts } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { PhoneVerification } from './phone-verification';
import { phoneNumberOf, phoneRegionFor } from '../shared/phone-number';
import { assertTimeZone } from '../shared/time-zone';

class PhoneVerificationRequestDto extends createZodDto(phoneVerificationRequestSchema) {}
class PhoneVerificationSentDto extends createZodDto(phoneVerificationSentSchema) {}
class PhoneVerificationConfirmDto extends createZodDto(phoneVerificationConfirmSchema) {}
class PhoneVerifiedDto extends createZodDto(phoneVerifiedSchema) {}

/** Proving a phone number before anything but the code is texted to it (onboarding's phone step and Settings). */
@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings/phone/verification')
export class PhoneVerificationController {
  constructor(
    private readonly verification: PhoneVerification,
    private readonly views: Accounts,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @ApiOperation({
    summary:
      'Text a 6-digit code to this number (read in the country of the time zone unless written with +): the only text ' +
      'a number gets before its owner proves it. A few codes a day per member and per number (429 after); a number ' +
      'that replied STOP gets none (409) until it texts START.',
  })
  @ApiResponse({ status: 201, type: PhoneVerificationSentDto })
  @ApiProblems(400, 401, 409, 429)
  @Post()
  async send(@Body() body: PhoneVerificationRequestDto, @CurrentUser() caller: AuthUser): Promise<PhoneVerificationSent> {
    const number = await this.numberOf(caller.id, body);
    const { expiresAt } = await this.verification.send(caller.id, number);
    return { phoneNumber: number, expiresAt: expiresAt.toISOString() };
  }

  @ApiOperation({
    summary:
      'Type back the code texted to this number: the number is then proved to be the member’s, and reminder texts may ' +
      'be turned on for it. A wrong code says how many tries are left; after the last one the code stops working (429).',
  })
  @ApiResponse({ status: 200, type: PhoneVerifiedDto })
  @ApiProblems(400, 401, 429)
  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body() body: PhoneVerificationConfirmDto, @CurrentUser() caller: AuthUser): Promise<PhoneVerified> {
    const number = await this.numberOf(caller.id, body);
    await this.verification.confirm(caller.id, number, body.code);
    return { phoneNumber: number, verified: true };
  }

  /** In E.164, read like the number onboarding or Settings will store: in the zone given, else the account's. */
  private async numberOf(userId: string, body: PhoneVerificationRequest): Promise<string> {
    const view = await this.views.findById(userId);
    if (!view) throw DomainError.notFound('This account');
    const zone = body.timeZone ? assertTimeZone(body.timeZone) : view.timeZone;
    const number = phoneNumberOf(body.phoneNumber, phoneRegionFor(zone, this.config.PHONE_DEFAULT_REGION));
    if (!number) throw DomainError.validation([{ field: 'phoneNumber', message: 'Please enter your phone number' }]);
    return number;
  }
}
