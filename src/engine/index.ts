export * from './canonical';
export * from './conformance';
export * from './game';
export * from './options';
export * from './play';
export * from './playout';
export * from './schema';
export * from './setup';
