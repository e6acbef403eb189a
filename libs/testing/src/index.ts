export * from './user-session';
