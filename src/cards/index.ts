export * from './cards';
export * from './combinations';
export * from './deal';
export * from './rng';
export * from './scoring';
export * from './unseen';
