/** Slow or stalled clients are cut off, so a few hundred of them cannot pin the server. */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  // Short limits so the test is quick; the server's defaults are seconds (DEFAULT_TIMEOUTS).
  t = await createTestApp({ timeouts: { headersMs: 400, requestMs: 1_200, idleMs: 800 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a raw connection and resolves, once the server closes it, with what it answered. */
function rawConnection(): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  return { socket, closed };
}

describe('slow and stalled clients', () => {
  it('a client that never finishes its headers is answered 408 and cut off', async () => {
    const { socket, closed } = rawConnection();
    socket.write('GET /api/v1/categories HTTP/1.1\r\nHost: localhost\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that sends its body a byte at a time is cut off before it is done', async () => {
    const { socket, closed } = rawConnection();
    const body = JSON.stringify({ email: '01000000002', password: 'x'.repeat(400) });
    socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, 50);
    await closed;
    clearInterval(drip);
    expect(sent).toBeLessThan(body.length);
  });

  it('a connection that says nothing is closed', async () => {
    const { closed } = rawConnection();
    expect(await closed).toMatch(/^$|^HTTP\/1\.1 408/);
  });

  it('a client at a normal pace is served', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/categories`);
    expect(res.status).toBe(200);
  });
});
