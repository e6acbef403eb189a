export * from './problem-details.schema';
export * from './api-problems.decorator';
export * from './service-document';
export * from './zod-dto';
export * from './api-query.decorator';
export * from './created-location';
export * from './edge-policy.decorator';
export * from './cache-tags.decorator';
