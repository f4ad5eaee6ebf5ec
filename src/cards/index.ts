export * from './cards';
export * from './combinations';
export * from './rng';
export * from './scoring';
