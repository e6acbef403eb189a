import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@abide/platform';
import { Redis } from 'ioredis';
import { Client as MinioClient } from 'minio';
import type { LibraryConfig } from './config/env.schema';

/** The library service: resources and their files. Its features arrive with the library issue; today it proves its engines. */
@Module({})
export class AppModule {
  static forRoot(config: LibraryConfig): DynamicModule {
    const storage = new MinioClient({
      endPoint: config.S3_ENDPOINT,
      port: config.S3_PORT,
      useSSL: config.S3_USE_SSL,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
    });
    const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          service: 'library',
          config,
          healthChecks: [
            { name: 'object-store', check: async () => void (await storage.listBuckets()) },
            { name: 'redis', check: async () => void (await redis.ping()) },
          ],
        }),
      ],
    };
  }
}
