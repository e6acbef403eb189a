import { Logger } from '@nestjs/common';
import { logLevel, type logCreator } from 'kafkajs';

const levelNames: Record<number, string> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * kafkajs logs every failed connection attempt at ERROR. The consumer supervisor and the outbox relay report each
 * change of state once instead, so kafkajs' own lines go to debug (visible with LOG_LEVEL=debug).
 */
export const kafkaLogCreator: logCreator = () => {
  const logger = new Logger('kafkajs');
  return ({ namespace, level, log }) => {
    if (level === logLevel.NOTHING) return;
    const { message, error } = log as { message: string; error?: string };
    logger.debug(`[${levelNames[level] ?? level}] ${namespace}: ${message}${error ? ` (${error})` : ''}`);
  };
};
