export * from './registry';
export * from './instruments';
export * from './http-metrics';
export * from './metrics-server';
export * from './bullmq-metrics';
