import { LIVE_STREAM_PATH } from '@abide/contracts';
import { replyWithProblem } from '@abide/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LiveStreams } from './live-streams';

/**
 * `GET /api/live`, beside the forwarder's `/api/*` (a static route wins over the wildcard). Any other method on the
 * path reaches the forwarder, which answers 405 from the document. No HEAD: a stream has no headers-only form.
 */
export const installLiveStream = (app: NestFastifyApplication): void => {
  const streams = app.get(LiveStreams);
  app
    .getHttpAdapter()
    .getInstance()
    .get(LIVE_STREAM_PATH, { exposeHeadRoute: false }, async (request, reply) => {
      // Nest's adapter is typed against its own copy of fastify, the libraries against the root one: same runtime API.
      const req = request as unknown as FastifyRequest;
      const res = reply as unknown as FastifyReply;
      try {
        await streams.serve(req, res);
      } catch (error) {
        if (res.sent || res.raw.headersSent) return;
        replyWithProblem(error, req, res);
      }
    });
};
