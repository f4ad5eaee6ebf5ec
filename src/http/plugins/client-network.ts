import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { networkOf } from '../address';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's network as per-address limits count it: its IPv4 address, or its IPv6 /IPV6_PREFIX network. */
    readonly clientNetwork: string;
  }
}

/** Gives each request its `clientNetwork`, worked out when first read (most requests never ask). */
export const clientNetworks = fp<{ ipv6Prefix: number }>(
  async (app, { ipv6Prefix }) => {
    app.decorateRequest('clientNetwork', {
      getter(this: FastifyRequest) {
        return networkOf(this.ip, ipv6Prefix);
      },
    });
  },
  { name: 'card-table-client-networks' },
);
