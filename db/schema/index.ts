export * from './identity';
export * from './school';
export * from './platform';
export * from './competitions';
export * from './payments';
export * from './summaries';
export * from './media';
export * from './pedigree';
