import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { scripturePassageSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class ScripturePassageDto extends createZodDto(scripturePassageSchema) {}

@ApiTags('scripture')
@ApiBearerAuth()
@Controller('scripture')
export class ScriptureController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({
    summary:
      'The verses of a scripture reference in the World English Bible (public domain), e.g. `ref=John 3:16-18`; a passage longer than 60 verses is cut short (`truncated`). 400 for text that is no reference, 404 for one that is not in the Bible.',
  })
  @ApiQuery({
    name: 'ref',
    required: true,
    type: String,
    description: "A reference as people type it, e.g. 'ps 23:1-3'; at most 80 characters.",
  })
  @ApiResponse({ status: 200, type: ScripturePassageDto })
  @ApiProblems(400, 401, 404)
  async passage(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() _query: Record<string, string>): Promise<void> {
    await this.services.forward('formation', req, reply);
  }
}
