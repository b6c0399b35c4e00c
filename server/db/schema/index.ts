export * from './identity';
export * from './domain';
