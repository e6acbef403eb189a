import 'reflect-metadata';
import { loadConfigOrExit } from '@abide/platform';
import { gatewayEnvSchema } from './config/env.schema';
import { startGateway } from './gateway-app';

const main = async (): Promise<void> => {
  await startGateway(loadConfigOrExit('gateway', gatewayEnvSchema));
};

void main();
