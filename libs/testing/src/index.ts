export * from './user-session';
export * from './authenticator';
export * from './mail-catcher';
export * from './pkce';
export * from './test-db';
export * from './integration-app';
export * from './uploads';
