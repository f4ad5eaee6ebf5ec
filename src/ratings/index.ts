/** Ratings as a projection of finished results: pure, importing nothing of the service. */
export * from './rate';
export * from './standing';
