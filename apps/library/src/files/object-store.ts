import { Inject, Injectable, Logger, type OnModuleInit, Optional } from '@nestjs/common';
import { type HealthCheck, HealthRegistry } from '@abide/platform';
import { Client, CopyConditions } from 'minio';
import type { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import { LIBRARY_CONFIG, type LibraryConfig } from '../config/env.schema';
import type { ByteRangeSource } from './docx-inspector';

/** Parts of 5 MiB (S3's minimum): an upload of unknown length is never held in memory whole. */
const PART_SIZE = 5 * 1024 * 1024;

export type Bucket = 'quarantine' | 'store';

/**
 * The library's two private buckets: quarantine (uploads before they are checked and processed) and store.
 * Keys are generated here, never taken from a client. Downloads are pre-signed against the public endpoint.
 */
@Injectable()
export class ObjectStore implements OnModuleInit {
  private readonly logger = new Logger(ObjectStore.name);
  private bucketsReady = false;
  readonly client: Client;
  private readonly signer: Client;
  readonly buckets: Record<Bucket, string>;

  constructor(
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    @Optional() private readonly health?: HealthRegistry,
  ) {
    const credentials = { accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, region: config.S3_REGION };
    this.client = new Client({
      endPoint: config.S3_ENDPOINT,
      port: config.S3_PORT,
      useSSL: config.S3_USE_SSL,
      partSize: PART_SIZE,
      ...credentials,
    });
    // Signing is offline (the region is given), so the public endpoint need not be reachable from the service.
    const publicUrl = config.S3_PUBLIC_URL ? new URL(config.S3_PUBLIC_URL) : undefined;
    this.signer = publicUrl
      ? new Client({
          endPoint: publicUrl.hostname,
          port: publicUrl.port ? Number(publicUrl.port) : publicUrl.protocol === 'https:' ? 443 : 80,
          useSSL: publicUrl.protocol === 'https:',
          pathStyle: true,
          ...credentials,
        })
      : this.client;
    this.buckets = { quarantine: config.S3_BUCKET_QUARANTINE, store: config.S3_BUCKET_STORE };
  }

  /** Boot does not wait for a store that is down: the buckets are made once it answers, and readiness says so meanwhile. */
  async onModuleInit(): Promise<void> {
    this.health?.add(this.healthCheck);
    try {
      await this.makeBuckets();
    } catch (error) {
      this.logger.warn(`Object store not reachable yet (${(error as Error).message}); retrying until it is`);
      // Not awaited (boot goes on); retryBuckets catches each attempt's failure itself.
      this.retryBuckets().catch((retryError: unknown) => this.logger.error(`Giving up on the object store's buckets: ${(retryError as Error).message}`));
    }
  }

  /** Uploads and downloads need the store: without it the library is not ready. */
  readonly healthCheck: HealthCheck = {
    name: 'object-store',
    critical: true,
    check: async () => {
      if (!this.bucketsReady) throw new Error('buckets not created yet');
      await this.client.bucketExists(this.buckets.store);
    },
  };

  private async makeBuckets(): Promise<void> {
    for (const bucket of Object.values(this.buckets)) await this.makeBucket(bucket);
    this.bucketsReady = true;
  }

  private async retryBuckets(): Promise<void> {
    for (let attempt = 1; !this.bucketsReady; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** Math.min(attempt, 5))).unref());
      try {
        await this.makeBuckets();
        this.logger.log('Object store reachable, buckets ready');
      } catch {
        // still away: the next attempt comes after a longer pause
      }
    }
  }

  private async makeBucket(bucket: string): Promise<void> {
    if (await this.client.bucketExists(bucket)) return;
    await this.client.makeBucket(bucket, this.config.S3_REGION).catch(async (error: { code?: string }) => {
      // Another instance created it at the same moment.
      if (error.code !== 'BucketAlreadyOwnedByYou' && !(await this.client.bucketExists(bucket))) throw error;
    });
  }

  newKey(ownerId: string): string {
    return `${ownerId}/${uuidv7()}`;
  }

  /**
   * Streams `body` into the bucket in 5 MiB parts. `maxSize` is an upper bound (the real length is unknown until
   * the end); it only chooses the part size. Content types are set when the file is served, never trusted from here.
   */
  async put(bucket: Bucket, key: string, body: Readable, maxSize: number): Promise<void> {
    await this.client.putObject(this.buckets[bucket], key, body, maxSize, { 'Content-Type': 'application/octet-stream' });
  }

  /** Removes an object (and any unfinished multipart upload of it); absent is fine. */
  async remove(bucket: Bucket, key: string): Promise<void> {
    await this.client.removeIncompleteUpload(this.buckets[bucket], key).catch(() => undefined);
    await this.client.removeObject(this.buckets[bucket], key);
  }

  async exists(bucket: Bucket, key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.buckets[bucket], key);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFound' || (error as { code?: string }).code === 'NoSuchKey') return false;
      throw error;
    }
  }

  rangeSource(bucket: Bucket, key: string, size: number): ByteRangeSource {
    return { size, read: (start, end) => this.client.getPartialObject(this.buckets[bucket], key, start, end - start) };
  }

  stream(bucket: Bucket, key: string): Promise<Readable> {
    return this.client.getObject(this.buckets[bucket], key);
  }

  async buffer(bucket: Bucket, key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(bucket, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Server-side copy quarantine → store with the stored content type (the bytes never pass through the service). */
  async copy(from: Bucket, fromKey: string, to: Bucket, toKey: string): Promise<void> {
    await this.client.copyObject(this.buckets[to], toKey, `/${this.buckets[from]}/${fromKey}`, new CopyConditions());
  }

  /** A short-lived GET for browsers, with the headers the response must carry. */
  async presignDownload(
    key: string,
    headers: { fileName: string; contentType: string; disposition: string },
    ttlSeconds: number,
    now = new Date(),
  ) {
    const url = await this.signer.presignedGetObject(
      this.buckets.store,
      key,
      ttlSeconds,
      {
        'response-content-disposition': headers.disposition,
        'response-content-type': headers.contentType,
        'response-cache-control': 'private, no-store',
      },
      now,
    );
    return { url, expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString(), fileName: headers.fileName };
  }

  /** Every key in a bucket under a prefix (tests, purge). */
  async list(bucket: Bucket, prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.buckets[bucket], prefix, true))
      if ((item as { name?: string }).name) keys.push((item as { name: string }).name);
    return keys;
  }
}
