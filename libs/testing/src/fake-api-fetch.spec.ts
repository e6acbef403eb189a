import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeApiFetch } from './fake-api-fetch';

// A server that drops the first connection of each request without answering, as one closed for idling does when
// a request arrives on it at that moment; the next attempt is answered.
const flakyServer = async (): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> => {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.method ?? '');
    if (seen.length === 1) req.socket.destroy();
    else res.end('answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

describe('fakeApiFetch', () => {
  it('sends a GET or PUT again when the connection closes before any answer', async () => {
    for (const method of ['GET', 'PUT']) {
      const server = await flakyServer();
      try {
        const res = await fakeApiFetch(server.url, { method, body: method === 'PUT' ? '{}' : undefined });
        expect(await res.text()).toBe('answered');
        expect(server.seen).toEqual([method, method]);
      } finally {
        await server.close();
      }
    }
  });

  it('does not repeat a POST, which might have been handled', async () => {
    const server = await flakyServer();
    try {
      await expect(fakeApiFetch(server.url, { method: 'POST', body: '{}' })).rejects.toThrow('fetch failed');
      expect(server.seen).toEqual(['POST']);
    } finally {
      await server.close();
    }
  });
});
