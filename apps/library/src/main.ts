import 'reflect-metadata';
import { kafkaConnection, KafkaEventServer } from '@abide/messaging';
import { bootstrapService, loadConfigOrExit, startOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { libraryEnvSchema } from './config/env.schema';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('library', libraryEnvSchema);
  const consumer = new KafkaEventServer({
    clientId: config.KAFKA_CLIENT_ID,
    ...kafkaConnection(config),
    groupId: `${config.KAFKA_GROUP_PREFIX}library`,
  });
  await bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    openApiDocument: 'library',
    metrics: { service: 'library', port: config.METRICS_PORT },
    microservice: { strategy: consumer },
    healthChecks: [consumer.healthCheck],
    // Uploads are streamed from request.raw by the upload intake (busboy): Fastify accepts them without reading a byte.
    configure: (app) =>
      app
        .getHttpAdapter()
        .getInstance()
        .addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, undefined)),
  });
};

startOrExit('library', main);
