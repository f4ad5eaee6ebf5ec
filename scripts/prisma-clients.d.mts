// Types of scripts/prisma-clients.mjs, which `npm ci` runs with plain Node (no TypeScript yet).
export const clients: Record<'sqlite' | 'postgresql', { schema: string; output: string }>;
export class NoPrismaCli extends Error {}
export function ensureClients(): Promise<('sqlite' | 'postgresql')[]>;
