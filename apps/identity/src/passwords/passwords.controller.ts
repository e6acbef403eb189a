import { z } from 'zod';
import { ApiProblems, createZodDto, EdgePolicy } from '@abide/platform';
import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { changePasswordRequestSchema, newPasswordRequestSchema, recoverRequestSchema } from '@abide/contracts';
import { GuessLimits } from '../sessions/sessions.port';
import { PasswordsService, recoverAcceptedMessage } from './passwords.service';

class RecoverAcceptedDto extends createZodDto(z.object({ message: z.string() })) {}

class RecoverRequestDto extends createZodDto(recoverRequestSchema) {}
class NewPasswordRequestDto extends createZodDto(newPasswordRequestSchema) {}
class ChangePasswordRequestDto extends createZodDto(changePasswordRequestSchema) {}

@ApiTags('auth')
@Controller('auth')
export class PasswordsController {
  private readonly logger = new Logger(PasswordsController.name);

  constructor(
    private readonly passwords: PasswordsService,
    private readonly limits: GuessLimits,
  ) {}

  /**
   * Same answer whether or not the address is registered, and as fast: the lookup and the mail happen after
   * the answer, so its timing says nothing either. A few requests per address per window (429 beyond).
   */
  @ApiOperation({
    summary: 'E-mail a password-reset link (`/auth/callback?code=…&type=recovery`) if the account exists.',
    description: 'Always 202 with the same body.',
  })
  @ApiResponse({ status: 202, type: RecoverAcceptedDto })
  @ApiProblems(400, 429)
  @Public()
  @EdgePolicy({ rateLimit: 'recover' })
  @Post('recover')
  @HttpCode(202)
  async recover(@Body() body: RecoverRequestDto): Promise<{ message: string }> {
    // Counted for every address alike, before the answer, so neither the answer nor its timing says which exist.
    await this.limits.takeRecoveryRequest(body.email);
    this.passwords.recover(body).catch((error: unknown) => this.logger.error({ err: error }, 'recovery mail not prepared'));
    return { message: recoverAcceptedMessage };
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Set a new password with the session of a recovery link (within an hour, once); ends every other session.',
  })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401, 403, 422)
  @Post('password')
  @HttpCode(204)
  async setNew(@Body() body: NewPasswordRequestDto, @CurrentUser() caller: AuthUser): Promise<void> {
    await this.passwords.setAfterRecovery(caller, body.password);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the password with the current one (Settings); ends every other session.' })
  @ApiResponse({ status: 204 })
  @ApiProblems(400, 401, 422, 429)
  @Post('change-password')
  @HttpCode(204)
  async change(@Body() body: ChangePasswordRequestDto, @CurrentUser() caller: AuthUser): Promise<void> {
    await this.passwords.change(caller, body.currentPassword, body.newPassword);
  }
}
