import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { changePasswordRequestSchema, newPasswordRequestSchema, recoverRequestSchema } from '@abide/contracts';
import { createZodDto } from 'nestjs-zod';
import { PasswordsService, recoverAcceptedMessage } from './passwords.service';

class RecoverRequestDto extends createZodDto(recoverRequestSchema) {}
class NewPasswordRequestDto extends createZodDto(newPasswordRequestSchema) {}
class ChangePasswordRequestDto extends createZodDto(changePasswordRequestSchema) {}

@ApiExcludeController()
@Controller('auth')
export class PasswordsController {
  private readonly logger = new Logger(PasswordsController.name);

  constructor(private readonly passwords: PasswordsService) {}

  /**
   * Same answer whether or not the address is registered, and as fast: the lookup and the mail happen after
   * the answer, so its timing says nothing either.
   */
  @Public()
  @Post('recover')
  @HttpCode(202)
  recover(@Body() body: RecoverRequestDto): { message: string } {
    this.passwords.recover(body).catch((error: unknown) => this.logger.error({ err: error }, 'recovery mail not prepared'));
    return { message: recoverAcceptedMessage };
  }

  @Post('password')
  @HttpCode(204)
  async setNew(@Body() body: NewPasswordRequestDto, @CurrentUser() caller: AuthUser): Promise<void> {
    await this.passwords.setAfterRecovery(caller, body.password);
  }

  @Post('change-password')
  @HttpCode(204)
  async change(@Body() body: ChangePasswordRequestDto, @CurrentUser() caller: AuthUser): Promise<void> {
    await this.passwords.change(caller, body.currentPassword, body.newPassword);
  }
}
