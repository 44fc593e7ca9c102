import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A throw-away HTTP server on a loopback address (Linux routes all of 127/8 to `lo`, so tests can
 * use 127.0.0.2 as the "allowed" host and 127.0.0.1 as the forbidden one). It records every
 * request path, so a test can prove a forbidden server was never reached.
 */
export interface LoopbackServer {
  origin: string;
  host: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse, server: LoopbackServer) => void;

export async function startLoopbackServer(host: string, handler: Handler): Promise<LoopbackServer> {
  const hits: string[] = [];
  let self!: LoopbackServer;
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response, self);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  self = {
    origin: `http://${host}:${port}`,
    host,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return self;
}
