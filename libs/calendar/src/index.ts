export * from './local-date';
export * from './time-zones';
