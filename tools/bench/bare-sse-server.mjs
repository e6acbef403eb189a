// The live stream's ceiling: node:http and nothing else, in a process of its own like the gateway, holding
// server-sent event streams (GET /) and writing one message to all of them when asked (POST /broadcast?groupId=…).
//   node tools/bench/bare-sse-server.mjs   → prints its port
import { createServer } from 'node:http';

const streams = new Set();
const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const groupId = new URL(req.url, 'http://x').searchParams.get('groupId') ?? 'ceiling';
    const frame = `id: x\nevent: change\ndata: ${JSON.stringify({ change: { kind: 'group', groupId }, occurredAt: new Date().toISOString() })}\n\n`;
    for (const stream of streams) stream.write(frame);
    res.writeHead(204).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.write('event: ready\ndata: {}\n\n');
  streams.add(res);
  req.on('close', () => streams.delete(res));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
