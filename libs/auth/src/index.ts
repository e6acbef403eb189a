export * from './auth-user';
export * from './decorators';
export * from './auth.guard';
export * from './token-verifier';
export * from './auth.module';
