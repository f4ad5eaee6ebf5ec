import { createHmac } from 'node:crypto';

/** Client networks are kept as keyed hashes (the server's secret the key): never an address itself. */
export const addressHasher = (key: string) => (network: string) => createHmac('sha256', key).update(network).digest('base64url');

/** Seconds until a per-hour limit counted from `since` lets the next one through: when its oldest leaves the hour. */
export const secondsUntilFree = (first: Date, since: Date) => Math.max(1, Math.ceil((first.getTime() - since.getTime()) / 1000));
