import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

const pause = () => new Promise((resolve) => setTimeout(resolve, 1));

/**
 * A request as Node's HTTP server hands it to a multipart reader: the body of a browser's FormData, with its content
 * type, arriving in 64 KiB pieces and its last 300 bytes one at a time, each in a later turn of the event loop — so
 * the end of the file part, the next part and the end of the body never come together, as on a real network.
 */
export const multipartRequest = async (form: FormData): Promise<IncomingMessage> => {
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const tail = Math.max(0, body.length - 300);
  async function* arriving() {
    for (let at = 0; at < tail; at += 65_536) {
      await pause();
      yield body.subarray(at, Math.min(tail, at + 65_536));
    }
    for (let at = tail; at < body.length; at += 1) {
      await pause();
      yield body.subarray(at, at + 1);
    }
  }
  const headers = { 'content-type': encoded.headers.get('content-type') ?? '' };
  return Object.assign(Readable.from(arriving()), { headers }) as unknown as IncomingMessage;
};

/**
 * Runs `code` (CommonJS JavaScript that may require TypeScript files) in a separate Node process, as a service runs:
 * an unhandled rejection there stops the process with exit code 1, which a Jest worker (its own process handlers)
 * would hide. Resolves with the exit code and the output.
 */
export const runInOwnProcess = (code: string, cwd: string): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', code], {
      cwd,
      env: { ...process.env, SWC_NODE_PROJECT: join(__dirname, '../../../tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve({ code: exitCode, output: Buffer.concat(chunks).toString('utf8') }));
  });
