export * from './roles';
export * from './jobs';
export * from './errors';
export * from './messages';
export * from './auth';
export * from './demo-accounts';
export * from './options';
export * from './questions';
