import { LIVE_STREAM_PATH } from '@abide/contracts';
import { replyWithProblem } from '@abide/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LiveStreams } from './live-streams';

/**
 * `GET /api/live`, beside the forwarder's `/api/*` (a static route wins over the wildcard), and its `HEAD` (the same
 * check and headers, no stream). Any other method on the path reaches the forwarder, which answers 405 from the
 * document.
 */
export const installLiveStream = (app: NestFastifyApplication): void => {
  const streams = app.get(LiveStreams);
  const fastify = app.getHttpAdapter().getInstance();
  // Nest's adapter is typed against its own copy of fastify, the libraries against the root one: same runtime API.
  const route =
    (handle: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => async (request: unknown, reply: unknown) => {
      const req = request as FastifyRequest;
      const res = reply as FastifyReply;
      try {
        await handle(req, res);
      } catch (error) {
        if (res.sent || res.raw.headersSent) return;
        replyWithProblem(error, req, res);
      }
    };
  fastify.get(
    LIVE_STREAM_PATH,
    { exposeHeadRoute: false },
    route((request, reply) => streams.serve(request, reply)),
  );
  fastify.head(
    LIVE_STREAM_PATH,
    route(async (request, reply) => {
      await streams.authenticate(request);
      await reply.status(200).header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').send();
    }),
  );
};
