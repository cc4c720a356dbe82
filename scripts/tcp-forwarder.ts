/**
 * A TCP forwarder for the durability check: the server reaches PostgreSQL through it, so the
 * check can take the database out of the server's reach and bring it back on the same address
 * without stopping PostgreSQL, which other databases on the same server may be using.
 */
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export class TcpForwarder {
  private listener: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** The port it listens on; kept across close() so open() comes back on the same address. */
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on 127.0.0.1 (on a free port the first time) and forwards every connection. */
  open(): Promise<number> {
    const listener = createServer((client) => this.forward(client));
    return new Promise((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(this.port, '127.0.0.1', () => {
        listener.off('error', reject);
        this.listener = listener;
        this.port = (listener.address() as AddressInfo).port;
        resolve(this.port);
      });
    });
  }

  /**
   * Stops listening and cuts every open connection, as a database host that went away: open
   * connections end, new ones are refused.
   */
  close(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    return new Promise((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  }

  private forward(client: Socket): void {
    const upstream = createConnection(this.target);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(socket);
      // A side that fails takes the other down with it, as one broken connection would; an
      // orderly end reaches the other side through pipe(), after the data before it.
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        this.sockets.delete(socket);
        other.end();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
