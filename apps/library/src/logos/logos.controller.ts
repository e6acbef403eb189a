import { Controller, Delete, Get, HttpCode, Param, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import { churchMessages, LOGO_MAX_BYTES, logoContentTypes, logoResultSchema } from '@abide/contracts';
import { metaOfRequest } from '@abide/event-store';
import { ApiProblems, createZodDto } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogoService } from './logo-service';

class LogoResultDto extends createZodDto(logoResultSchema) {}

export const logoUrl = (churchId: string, logoId: string) => `/api/logos/${encodeURIComponent(churchId)}/${encodeURIComponent(logoId)}`;

/**
 * Churches' logos. Changing one is for the church's admins; reading one is public (the church's page works signed
 * out), by a URL that names the logo, so it can be cached for good: a new logo has a new URL.
 */
@ApiTags('churches')
@Controller('logos')
export class LogosController {
  constructor(private readonly logos: LogoService) {}

  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: `Set the church's logo (its admins): one \`file\` part, PNG, JPEG or SVG by content (SVG sanitised; scripts or references to other files refused), at most ${LOGO_MAX_BYTES / 1024} KB (413).`,
  })
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 200, type: LogoResultDto })
  @ApiProblems(400, 401, 403, 413, 415)
  @Put(':churchId')
  async replace(@CurrentUser() caller: AuthUser, @Param('churchId') churchId: string, @Req() req: FastifyRequest) {
    const logoId = await this.logos.replace(churchId, caller.id, req.raw, metaOfRequest(req));
    return { logoUrl: logoUrl(churchId, logoId) };
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'Remove the church’s logo (its admins); the church shows its name alone.' })
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiProblems(401, 403)
  @Delete(':churchId')
  @HttpCode(204)
  async remove(@CurrentUser() caller: AuthUser, @Param('churchId') churchId: string, @Req() req: FastifyRequest): Promise<void> {
    await this.logos.remove(churchId, caller.id, metaOfRequest(req));
  }

  @ApiProduces(...logoContentTypes)
  @ApiOperation({
    summary: `A church's logo (public), with its checked type, \`X-Content-Type-Options: nosniff\`, a restrictive Content-Security-Policy and long caching (${churchMessages.church.toLowerCase()}'s next logo has a new URL).`,
  })
  @ApiResponse({
    status: 200,
    description: 'The logo',
    content: Object.fromEntries(logoContentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiProblems(404)
  @Public()
  @Get(':churchId/:logoId')
  async read(@Param('churchId') churchId: string, @Param('logoId') logoId: string, @Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await this.logos.read(churchId, logoId);
    await reply
      .header('content-type', contentType)
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own can do nothing: no scripts, no loads, no forms (it was sanitised as well).
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(body);
  }
}
