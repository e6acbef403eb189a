import { Client } from 'minio';

/** Bucket names allow no underscore, so the test stack's namespace is written with hyphens (tools/stack/services.mjs). */
const bucketPrefix = () => (process.env.E2E_NAMESPACE ?? 'abide_test').replace(/_/g, '-');

/** The test stack's buckets: where uploads wait for their checks, and where the library keeps what passed. */
export const testBuckets = { quarantine: () => `${bucketPrefix()}-quarantine`, store: () => `${bucketPrefix()}-library` };

/** A client of the local object store, as the test stack's services reach it. */
export const testObjectStore = (): Client =>
  new Client({
    endPoint: process.env.S3_ENDPOINT ?? '127.0.0.1',
    port: Number(process.env.S3_PORT ?? 9000),
    useSSL: process.env.S3_USE_SSL === 'true',
    accessKey: process.env.S3_ACCESS_KEY ?? 'abide',
    secretKey: process.env.S3_SECRET_KEY ?? 'abide-dev-secret',
    region: 'us-east-1',
  });
