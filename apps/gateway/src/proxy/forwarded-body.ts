import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * The request's body as one instance is sent it. A service may answer before reading it all (a 401 from its guard, a
 * 413); undici then ends the upload by destroying the body stream it was given. Given the member's own request, that
 * would leave their kept-alive connection half-read, so undici gets a stream in front of the request; the rest of the
 * member's body is then dropped by the platform's unread-body drain (bootstrap/unread-body.ts) once the answer goes.
 * It takes nothing from the member's request until undici first reads it (once connected), so an instance that refused
 * the connection leaves the body whole for the next instance (`started` says whether any was taken).
 */
export class ForwardedBody extends Readable {
  started = false;
  private readonly onData = (chunk: Buffer) => {
    if (!this.push(chunk)) this.raw.pause();
  };
  private readonly onEnd = () => this.push(null);
  // A member who goes away mid-upload ends the upload to the service too.
  private readonly onAborted = () => this.destroy(new Error('The client closed the request before sending all of it'));
  private readonly onError = (error: Error) => this.destroy(error);

  constructor(private readonly raw: IncomingMessage) {
    super();
  }

  override _read(): void {
    if (!this.started) {
      this.started = true;
      this.raw.on('data', this.onData);
      this.raw.once('end', this.onEnd);
      this.raw.once('aborted', this.onAborted);
      this.raw.once('error', this.onError);
    }
    this.raw.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.raw.off('data', this.onData);
    this.raw.off('end', this.onEnd);
    this.raw.off('aborted', this.onAborted);
    this.raw.off('error', this.onError);
    callback(error);
  }
}
