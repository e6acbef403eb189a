import 'reflect-metadata';
import { kafkaConnection, KafkaEventServer } from '@abide/messaging';
import { bootstrapService, loadConfigOrExit, openKeyProviderOrExit, startOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { formationEnvSchema } from './config/env.schema';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('formation', formationEnvSchema);
  // A master key file it cannot use stops the service here, with the reason (its sealed text would be unreadable).
  await openKeyProviderOrExit('formation', config);
  const consumer = new KafkaEventServer({
    clientId: config.KAFKA_CLIENT_ID,
    ...kafkaConnection(config),
    groupId: `${config.KAFKA_GROUP_PREFIX}formation`,
  });
  await bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    openApiDocument: 'formation',
    metrics: { service: 'formation', port: config.METRICS_PORT },
    microservice: { strategy: consumer },
    healthChecks: [consumer.healthCheck],
  });
};

startOrExit('formation', main);
