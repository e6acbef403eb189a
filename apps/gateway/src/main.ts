import 'reflect-metadata';
import { loadConfigOrExit, startOrExit } from '@abide/platform';
import { gatewayEnvSchema } from './config/env.schema';
import { startGateway } from './gateway-app';

const main = async (): Promise<void> => {
  await startGateway(loadConfigOrExit('gateway', gatewayEnvSchema));
};

startOrExit('gateway', main);
