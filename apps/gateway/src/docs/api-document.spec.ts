import type { OpenAPIObject } from '@nestjs/swagger';
import type { ServiceDocuments, ServiceName } from '../proxy/proxy.port';
import { ApiDocument } from './api-document';

const documentOf = (service: ServiceName) =>
  ({ openapi: '3.0.0', info: { title: service, version: '1' }, paths: { [`/${service}`]: { get: { responses: {} } } } }) as OpenAPIObject;

/** The four services' documents, one of which may be unreachable (refused) for its first `failures` asks. */
const servicesWith = (down?: ServiceName, failures = Number.POSITIVE_INFINITY) => {
  const asked: ServiceName[] = [];
  let failed = 0;
  const client: ServiceDocuments = {
    document: async (service: ServiceName) => {
      asked.push(service);
      if (service === down && failed++ < failures) throw new Error('connect ECONNREFUSED');
      return documentOf(service);
    },
  };
  return { client, asked };
};

describe(ApiDocument.name, () => {
  it('answers 503, never a partial document, while a service cannot give its own', async () => {
    const { client } = servicesWith('library');

    await expect(new ApiDocument(client).json()).rejects.toMatchObject({ status: 503, detail: expect.stringContaining('library') });
  });

  it('asks a service again before giving up, and keeps the merged document', async () => {
    const { client, asked } = servicesWith('community', 2);
    const sut = new ApiDocument(client);

    const merged = JSON.parse(await sut.json()) as OpenAPIObject;
    await sut.json();

    // The services' paths, and the gateway's own live stream.
    expect(Object.keys(merged.paths).sort()).toEqual(['/api/community', '/api/formation', '/api/identity', '/api/library', '/api/live']);
    expect(asked.filter((s) => s === 'community')).toHaveLength(3);
    expect(asked).toHaveLength(6);
  });
});
