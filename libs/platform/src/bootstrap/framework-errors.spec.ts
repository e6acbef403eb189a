import { Body, Controller, Get, Module, Param, Post, Req, UnauthorizedException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { streamedInPieces } from '@abide/testing';
import { Pool, request } from 'undici';
import { DomainError } from '../errors/domain-error';
import { LoggingModule } from '../logging/logging.module';
import { bootstrapService } from './bootstrap-service';

@Controller('churches')
class ChurchesController {
  @Get('by-slug/:slug')
  bySlug(@Param('slug') slug: string): never {
    throw DomainError.notFound(`The church ${slug.slice(0, 10)}`);
  }

  @Post()
  create(@Body() body: unknown): unknown {
    return { received: body };
  }

  /** Refuses before reading the body, as a guard does. */
  @Post('guarded')
  guarded(@Req() req: FastifyRequest): never {
    void req;
    throw new UnauthorizedException('Sign in first.');
  }
}

@Module({ imports: [LoggingModule.forRoot('platform-test', 'silent')], controllers: [ChurchesController] })
class TinyServiceModule {}

/** A service as bootstrapService starts every one of them: what Fastify and Node refuse must read like any other problem. */
describe('a bootstrapped service', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await bootstrapService({
      module: TinyServiceModule,
      host: '127.0.0.1',
      port: 0,
      // As library and identity take uploads: the handler reads the stream, Fastify does not.
      configure: (nest) => {
        nest
          .getHttpAdapter()
          .getInstance()
          .addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, undefined));
      },
    });
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app.close());

  const json = (body: string) => ({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  const table: Array<
    [string, { method?: 'GET' | 'POST' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string }, number]
  > = [
    ['a parameter past the length limit', { path: `/churches/by-slug/${'a'.repeat(3000)}` }, 414],
    ['a URL that cannot be decoded', { path: '/churches/by-slug/%00%ff' }, 400],
    ['a route that does not exist', { path: '/nowhere' }, 404],
    ['a method the route does not take', { method: 'DELETE', path: '/churches' }, 404],
    ['malformed JSON', { method: 'POST', path: '/churches', headers: json('{"name":'), body: '{"name":' }, 400],
    ['a content type nobody parses', { method: 'POST', path: '/churches', headers: { 'content-type': 'text/xml' }, body: '<a/>' }, 415],
    ['a body past the limit', { method: 'POST', path: '/churches', headers: json('x'.repeat(2e6)), body: 'x'.repeat(2e6) }, 413],
    ['headers past what Node reads', { path: '/churches/by-slug/x', headers: { 'x-padding': 'p'.repeat(20_000) } }, 431],
  ];

  it.each(table)('answers %s with problem+json and a request id', async (_what, call, status) => {
    const response = await request(`${base}${call.path}`, { method: call.method ?? 'GET', headers: call.headers, body: call.body });
    const body = (await response.body.json()) as Record<string, unknown>;

    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(body).toMatchObject({ status, requestId: response.headers['x-request-id'] });
    expect(body.requestId).toEqual(expect.any(String));
    expect(body.detail).toEqual(expect.any(String));
    expect(body.detail).not.toContain('FST_');
  });

  it('never echoes a query string (a credential) in a problem', async () => {
    const token = 'eyJhbGciOiJFZERTQSJ9.secret-part.signature-part';
    for (const path of [`/nowhere?access_token=${token}`, `/churches/by-slug/x?access_token=${token}`]) {
      const response = await request(`${base}${path}`);
      const text = await response.body.text();

      expect(response.statusCode).toBe(404);
      for (const part of token.split('.')) expect(text).not.toContain(part);
    }
  });

  it('gives the sender its early answer (413, 401) while it is still streaming a large body, time after time', async () => {
    const pool = new Pool(base, { connections: 2 });
    const big = Buffer.alloc(4 * 1024 * 1024, 'a');
    const answers: string[] = [];
    try {
      for (let i = 0; i < 12; i += 1) {
        const path = i % 2 ? '/churches' : '/churches/guarded';
        const contentType = i % 2 ? 'application/json' : 'multipart/form-data; boundary=x';
        const outcome = await pool
          .request({
            method: 'POST',
            path,
            headers: { 'content-type': contentType, 'content-length': String(big.length) },
            body: streamedInPieces(big),
          })
          .then(async (response) => {
            await response.body.dump();
            return String(response.statusCode);
          })
          .catch((error: { code?: string }) => String(error.code));
        answers.push(`${path} ${outcome}`);
      }
    } finally {
      await pool.close();
    }
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? '/churches 413' : '/churches/guarded 401')));
  });
});
