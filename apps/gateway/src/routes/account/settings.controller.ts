import { Body, Controller, Get, Patch, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { settingsResponseSchema, updateSettingsRequestSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class UpdateSettingsDto extends createZodDto(updateSettingsRequestSchema) {}
class SettingsResponseDto extends createZodDto(settingsResponseSchema) {}

@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class SettingsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's settings: name, time zone, reminders, channels, phone, sharing." })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(401)
  async get(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply);
  }

  @Patch()
  @ApiOperation({ summary: 'Change some settings; fields left out keep their value.' })
  @ApiResponse({ status: 200, type: SettingsResponseDto })
  @ApiProblems(400, 401)
  async update(@Body() body: UpdateSettingsDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('identity', req, reply, { body });
  }
}
