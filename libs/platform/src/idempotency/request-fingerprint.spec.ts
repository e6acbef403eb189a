import type { FastifyRequest } from 'fastify';
import { fingerprintOf, routeOf } from './request-fingerprint';

const request = (fields: Partial<FastifyRequest>): FastifyRequest =>
  ({ method: 'POST', url: '/journal/entries', headers: {}, routeOptions: { url: '/journal/entries' }, ...fields }) as FastifyRequest;

describe('what counts as the same request for an idempotency key', () => {
  it('the same method, path, query and JSON body', () => {
    expect(fingerprintOf(request({ body: { content: 'a' } }))).toBe(fingerprintOf(request({ body: { content: 'a' } })));
    expect(fingerprintOf(request({ body: { content: 'a' } }))).not.toBe(fingerprintOf(request({ body: { content: 'b' } })));
    expect(fingerprintOf(request({ url: '/journal/entries?x=1', body: {} }))).not.toBe(fingerprintOf(request({ body: {} })));
  });

  it('an upload sent again by the browser, whose multipart boundary is new each time', () => {
    const upload = (boundary: string) => request({ headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(fingerprintOf(upload('----a1'))).toBe(fingerprintOf(upload('----b2')));
  });

  it('keys are scoped to the route as declared, whatever its parameters', () => {
    expect(routeOf(request({ url: '/habits/h1/toggle', routeOptions: { url: '/habits/:id/toggle' } as never }))).toBe(
      'POST /habits/:id/toggle',
    );
  });
});
