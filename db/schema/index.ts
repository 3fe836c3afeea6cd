export * from './identity';
export * from './school';
