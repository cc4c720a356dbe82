/**
 * The database connections one request holds, so that its running statements can be cancelled
 * when its client leaves (PostgreSQL's cancel request) and no further statement starts for it.
 * The server opens a scope per request (server/plugins/query-scope.ts); the pools of
 * db/client.ts record each connection they hand out inside a scope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import { DatabaseBusyError } from './errors.ts';

export interface QueryScope {
  /** Connections checked out for this request, with the pool's connection string. */
  held: Map<pg.PoolClient, string>;
  /** The client left: its statements are cancelled and no connection is handed out for it. */
  abandoned: boolean;
}

const scopes = new AsyncLocalStorage<QueryScope>();

/** Runs `work` (and everything it starts) in a new scope, which it returns first. */
export function runInQueryScope(work: (scope: QueryScope) => void): void {
  const scope: QueryScope = { held: new Map(), abandoned: false };
  scopes.run(scope, () => work(scope));
}

/**
 * Sends PostgreSQL a cancel request for whatever `client`'s backend is running, on a connection
 * of its own (the protocol's CancelRequest, as pg's own Client#cancel does), which the server
 * closes at once. A backend with nothing running ignores it.
 */
function cancelStatement(client: pg.PoolClient, connectionString: string): void {
  const target = client as unknown as { processID: number | null; secretKey: number | null };
  if (target.processID === null || target.secretKey === null) return;
  const canceller = new pg.Client({ connectionString }) as unknown as {
    host: string;
    port: number;
    connection: EventEmitter & { connect(port: number | string, host?: string): void; cancel(processID: number, secretKey: number): void };
  };
  const connection = canceller.connection;
  connection.on('error', () => {});
  connection.on('connect', () => connection.cancel(target.processID!, target.secretKey!));
  if (canceller.host.startsWith('/')) connection.connect(`${canceller.host}/.s.PGSQL.${canceller.port}`);
  else connection.connect(canceller.port, canceller.host);
}

/** The client left: cancels the scope's running statements and refuses it any more connections. */
export function abandonQueryScope(scope: QueryScope): void {
  scope.abandoned = true;
  for (const [client, connectionString] of scope.held) cancelStatement(client, connectionString);
}

type Connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => Promise<pg.PoolClient> | void;

/**
 * Makes `pool` record, in the current scope, every connection it hands out until its release,
 * and refuse a scope whose client left (DatabaseBusyError, a 503 nobody reads).
 */
export function trackConnections(pool: pg.Pool, connectionString: string): void {
  const connect = pool.connect.bind(pool) as Connect;
  const track = (scope: QueryScope, client: pg.PoolClient) => {
    scope.held.set(client, connectionString);
    const release = client.release;
    // pg-pool gives the client a new release at its next checkout; this one is never put back,
    // as db/client.ts may meanwhile have replaced it (a connection that died while held).
    client.release = (...args: Parameters<pg.PoolClient['release']>) => {
      scope.held.delete(client);
      // A connection whose statement may have been cancelled is closed, not handed to another
      // request: the cancel travels on its own connection and might otherwise land on that one.
      return scope.abandoned ? release.call(client, new Error('the client left')) : release.apply(client, args);
    };
  };
  (pool as unknown as { connect: Connect }).connect = (callback) => {
    const scope = scopes.getStore();
    if (!scope) return connect(callback);
    if (scope.abandoned) {
      const refused = new DatabaseBusyError('the client left');
      if (!callback) return Promise.reject(refused);
      process.nextTick(() => callback(refused));
      return;
    }
    if (callback) {
      return connect((error, client, done) => {
        if (!error && client) track(scope, client);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      track(scope, client);
      return client;
    });
  };
}
