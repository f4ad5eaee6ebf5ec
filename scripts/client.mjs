// Generates the typed TypeScript client in clients/typescript/src from openapi/openapi.json
// (`npm run client`), or into the folder given (the drift check compares the two).
import './typescript5.mjs';

const { createClient } = await import('@hey-api/openapi-ts');

const output = process.argv[2] ?? 'clients/typescript/src';
await createClient({
  input: './openapi/openapi.json',
  output: { path: output, clean: true },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  logs: { level: 'silent', file: false },
});
console.log(`wrote ${output}`);
