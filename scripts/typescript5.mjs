// The client generator (@hey-api/openapi-ts) is written against TypeScript's JavaScript API, which the
// project's TypeScript 7 (a native compiler) does not have: its `typescript` is the pinned TypeScript 5.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/@hey-api/')) return next('typescript5', context);
  return next(specifier, context);
}`),
);
