import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { networkOf } from '../address';

export interface ConnectionCapOptions {
  /** Connections one client network may hold open at once. */
  perAddress: number;
  ipv6Prefix: number;
  /**
   * Behind a trusted proxy every connection comes from the proxy: counting them per peer would cap
   * the proxy, not a client. The cap then is the proxy's to keep (README: "Configuration").
   */
  behindProxy: boolean;
}

/**
 * Caps the connections one client network holds open at once: a client that opens many and sends
 * slowly ties up sockets, not the server. One past the cap is closed as it opens, before any byte is read.
 */
export const connectionCap = fp<ConnectionCapOptions>(
  async (app, { perAddress, ipv6Prefix, behindProxy }) => {
    if (behindProxy) return;
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const network = networkOf(socket.remoteAddress ?? '', ipv6Prefix);
      const held = open.get(network) ?? 0;
      if (held >= perAddress) {
        socket.destroy();
        return;
      }
      open.set(network, held + 1);
      socket.once('close', () => {
        const left = (open.get(network) ?? 1) - 1;
        if (left === 0) open.delete(network);
        else open.set(network, left);
      });
    });
  },
  { name: 'card-table-connection-cap' },
);
