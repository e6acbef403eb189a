export * from './auth-user';
export * from './decorators';
export * from './auth.guard';
export * from './jwt.strategy';
export * from './auth.module';
