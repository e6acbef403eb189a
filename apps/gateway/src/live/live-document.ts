import { LIVE_STREAM_PATH } from '@abide/contracts';
import { PROBLEM_DETAILS_REF, problemDetailsSchema } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: PROBLEM_DETAILS_REF } } },
});

/**
 * The gateway's own part of the public document: the live stream, the one route the gateway serves itself
 * (docs/architecture.md, "Live updates"). Merged with the services' documents like theirs (paths without `/api`).
 */
export const liveDocument: OpenAPIObject = {
  openapi: '3.0.0',
  info: { title: 'gateway', version: '1' },
  tags: [{ name: 'live', description: 'Live updates: what changed on your screens, pushed as it happens.' }],
  paths: {
    [LIVE_STREAM_PATH.replace(/^\/api/, '')]: {
      get: {
        operationId: 'liveStream',
        tags: ['live'],
        summary: 'Your live updates: a server-sent events stream of what changed on your screens.',
        description: [
          'Stays open and sends `event: change` with `{ change, occurredAt }` when your bell, one of your groups, one of',
          "your uploads or (for moderators) the Review Queue changes: fetch that again to see it. Each message's `id` is a",
          'cursor: reconnect with it as `Last-Event-ID` to get what happened meanwhile. `event: resync` means some of it',
          'is no longer kept (fetch everything again); `event: ready` follows the catch-up. Comment lines keep the',
          'connection alive. The stream ends when your access token expires, when the gateway stops, or when your',
          'connection falls behind; reconnect then with a fresh token and the last id. The token goes in the',
          'Authorization header, never in the URL.',
        ].join(' '),
        security: [{ bearer: [] }],
        parameters: [
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description: 'The `id` of the last message received, to resume after it.',
            schema: { type: 'string', maxLength: 400 },
          },
        ],
        responses: {
          200: {
            description: 'The stream (it stays open)',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          401: problem('Missing, invalid or expired access token'),
          429: problem('Too many live connections open for you; see Retry-After'),
          503: problem('Live updates are unavailable for now; see Retry-After'),
        },
      },
    },
  },
  components: { schemas: { ProblemDetails: problemDetailsSchema } },
};
