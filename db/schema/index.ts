export * from './identity';
export * from './school';
export * from './platform';
