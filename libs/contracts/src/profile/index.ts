export * from './lists';
export * from './symptoms';
export * from './karnofsky';
export * from './fields';
export * from './rules';
export * from './views';
export * from './api';
