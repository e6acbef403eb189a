export * from './user-session';
export * from './mail-catcher';
export * from './pkce';
export * from './test-db';
export * from './integration-app';
export * from './uploads';
export * from './on-disk';
