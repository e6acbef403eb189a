export * from './problem-details.schema';
export * from './api-problems.decorator';
export * from './service-document';
