import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { formationProfileSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class FormationProfileDto extends createZodDto(formationProfileSchema) {}

@ApiTags('formation')
@ApiBearerAuth()
@Controller('formation')
export class ProfileController {
  constructor(private readonly services: ServiceClient) {}

  @Get('profile')
  @ApiOperation({ summary: "The signed-in user's formation profile (created from the registration event)." })
  @ApiResponse({ status: 200, type: FormationProfileDto })
  @ApiProblems(401, 404)
  async profile(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }
}
