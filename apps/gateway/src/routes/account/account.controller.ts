import { Body, Controller, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { deleteAccountRequestSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { type ServiceName, ServiceClient } from '../../proxy/service-client';

class DeleteAccountDto extends createZodDto(deleteAccountRequestSchema) {}

/** The services that hold data about a member; each answers GET /account/export for the caller only. */
const servicesWithPersonalData: ServiceName[] = ['identity', 'formation', 'library', 'community'];

@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountController {
  constructor(private readonly services: ServiceClient) {}

  @Get('export')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Download everything the platform holds about the signed-in user, gathered from every service, as one JSON file.' })
  @ApiProduces('application/json')
  @ApiResponse({ status: 200, description: 'A JSON file (Content-Disposition: attachment)' })
  @ApiProblems(401)
  async export(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const parts = await Promise.all(servicesWithPersonalData.map(async (service) => [service, await this.services.getJson(service, req, '/account/export')] as const));
    const body = { exportedAt: new Date().toISOString(), ...Object.fromEntries(parts) };
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="abide-export-${body.exportedAt.slice(0, 10)}.json"`)
      .send(JSON.stringify(body, null, 2));
  }

  @Post('delete')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete the signed-in account for good, confirmed with the password; every service purges the member’s data.',
  })
  @ApiResponse({ status: 204, description: 'Deleted; every session has ended' })
  @ApiProblems(400, 401, 403)
  async delete(@Body() body: DeleteAccountDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }
}
