import { type CallHandler, type ExecutionContext, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, tap } from 'rxjs';
import { publicPrefixOf } from '../errors/problem-details.filter';

/** Sets `Location` on a 201 from its answer's `id` and the request's path parameters. */
class CreatedLocationInterceptor implements NestInterceptor {
  constructor(private readonly template: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    return next.handle().pipe(
      tap((body) => {
        const id = (body as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'string') return;
        const params = (request.params ?? {}) as Record<string, string>;
        const path = this.template
          .replace('{id}', encodeURIComponent(id))
          .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
        void http.getResponse<FastifyReply>().header('location', `${publicPrefixOf(request)}${path}`);
      }),
    );
  }
}

/**
 * A create route's 201 says where the new resource lives (`Location`, RFC 9110), as its public URL: `{id}` is the
 * answer's id, `:name` a path parameter of the request — e.g. `@CreatedLocation('/groups/:id/prayers/{id}')`.
 * Clients (and the API check's chained calls, tools/api-check) follow it to the resource.
 */
export const CreatedLocation = (template: string) => UseInterceptors(new CreatedLocationInterceptor(template));
