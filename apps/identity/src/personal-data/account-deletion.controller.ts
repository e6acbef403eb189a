import { ApiProblems, createZodDto } from '@abide/platform';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { deleteAccountRequestSchema } from '@abide/contracts';
import type { FastifyRequest } from 'fastify';
import { DeleteAccountHandler } from './delete-account.commands';

class DeleteAccountDto extends createZodDto(deleteAccountRequestSchema) {}

@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountDeletionController {
  constructor(private readonly deleteAccount: DeleteAccountHandler) {}

  /** Only ever the caller's own account, confirmed with their password. */
  @ApiOperation({
    summary: 'Delete the signed-in account for good, confirmed with the password; every service purges the member’s data.',
    description: '403 for a wrong password, which counts toward the account’s sign-in back-off; 429 with Retry-After while it is locked.',
  })
  @ApiResponse({ status: 204, description: 'Deleted; every session has ended' })
  @ApiProblems(400, 401, 403, 429)
  @Post('delete')
  @HttpCode(204)
  async delete(@Body() body: DeleteAccountDto, @CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<void> {
    await this.deleteAccount.execute(caller.id, body.password, String(req.id));
  }
}
