export * from './identity';
export * from './domain';
export * from './feedback';
export * from './jobs';
export * from './gold';
export * from './model-servers';
