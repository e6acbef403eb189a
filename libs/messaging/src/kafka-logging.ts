import { Logger } from '@nestjs/common';
import { logLevel, type logCreator } from 'kafkajs';

/**
 * kafkajs logs every failed connection attempt at ERROR. The consumer supervisor and the outbox relay report each
 * change of state once instead, so kafkajs' own lines go to debug (visible with LOG_LEVEL=debug).
 */
export const kafkaLogCreator: logCreator = () => {
  const logger = new Logger('kafkajs');
  return ({ namespace, level, log }) => {
    if (level === logLevel.NOTHING) return;
    const { message, ...extra } = log;
    logger.debug({ namespace, kafkaLevel: logLevel[level], ...extra }, message);
  };
};
