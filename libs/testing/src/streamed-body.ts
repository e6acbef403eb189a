import { PassThrough, type Readable } from 'node:stream';

/**
 * `data` as a request body that arrives piece by piece (64 KiB, a millisecond apart when the socket is full), as a
 * member's upload reaches the gateway and the gateway streams it on: the server can answer while it is still coming.
 */
export const streamedInPieces = (data: Buffer, pieceBytes = 64 * 1024): Readable => {
  const body = new PassThrough();
  const feed = async () => {
    for (let at = 0; at < data.length && !body.destroyed; at += pieceBytes) {
      if (!body.write(data.subarray(at, at + pieceBytes))) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    body.end();
  };
  feed().catch((error: Error) => body.destroy(error));
  return body;
};
