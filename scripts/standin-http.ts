/**
 * What the local stand-ins of outside services (scripts/paymob-standin.ts, bosta-standin.ts,
 * whatsapp-standin.ts) share: reading a request's body, answering JSON, listening on a port
 * and closing at once, and running as a process of its own until stopped.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Starts `server` on `port` (0: any free one) and `host`; `close` ends every open connection and stops it. */
export async function listen(server: Server, options: { port?: number; host?: string }): Promise<{ url: string; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A stand-in run as its own process (`npm run paymob-standin`, the e2e runner): says where it listens and stops on SIGINT or SIGTERM. */
export function runUntilStopped(name: string, standIn: { url: string; close(): Promise<void> }) {
  console.log(`${name} stand-in listening at ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
