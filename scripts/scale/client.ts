/**
 * HTTP from one shopper's address: each Client sends from its own loopback address (127.x.y.z),
 * so HAProxy and the app see shoppers at different addresses, as the rate limits count them.
 */
import http from 'node:http';
import { REQUEST_TIMEOUT_MS } from './settings.ts';

/** An answer; status 0 when none came (refused, cut, timed out), with the reason in `text`. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: ApiBody | undefined;
}

/** The parts of the API's answers (API.md) the checks read. */
export interface ApiBody {
  status?: string;
  message?: string;
  token?: string;
  results?: number;
  errors?: { msg: string; path?: string }[];
  data?: ApiData & { products?: ApiData[] };
}

export interface ApiData {
  _id: string;
  id?: number;
  title?: string;
  imageCover?: string;
  priceAfterDiscount?: number;
  status?: string;
  role?: string;
}

export interface SendOptions {
  token?: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (the admin's product form). */
  form?: FormData;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

/** The loopback address of shopper `n` (1 to 65,000): 127.1.<n / 250>.<n % 250 + 1>. */
export function shopperAddress(n: number): string {
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

export class Client {
  private readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    readonly address = '127.0.0.1',
  ) {
    this.agent = new http.Agent({ keepAlive: true, localAddress: address });
  }

  /** The same shopper's address, to another server. */
  to(baseUrl: string): Client {
    return new Client(baseUrl, this.address);
  }

  async send(method: string, path: string, options: SendOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    let payload: Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = Buffer.from(JSON.stringify(options.json));
    } else if (options.form) {
      const encoded = new Response(options.form);
      headers['content-type'] = encoded.headers.get('content-type')!;
      payload = Buffer.from(await encoded.arrayBuffer());
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve) => {
      const request = http.request(`${this.baseUrl}${path}`, { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body: parseBody(text, response.headers['content-type']) });
        });
        response.on('error', (error) => resolve(noAnswer(error)));
      });
      request.on('timeout', () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
      request.on('error', (error) => resolve(noAnswer(error)));
      request.end(payload);
    });
  }

  /** Logs in with a phone and password; the token, or undefined with the answer. */
  async login(phone: string, password: string): Promise<{ token: string | undefined; reply: Reply }> {
    const reply = await this.send('POST', '/api/v1/auth/login', { json: { phone, password } });
    return { token: reply.status === 200 ? reply.body?.token : undefined, reply };
  }

  close(): void {
    this.agent.destroy();
  }
}

function noAnswer(error: Error & { code?: string }): Reply {
  return { status: 0, headers: {}, text: error.code ?? error.message, body: undefined };
}

function parseBody(text: string, contentType: string | undefined): ApiBody | undefined {
  if (!contentType?.includes('json')) return undefined;
  try {
    return JSON.parse(text) as ApiBody;
  } catch {
    return undefined;
  }
}

/** A reply in a few words, for a failed check. */
export function describe(reply: Reply): string {
  if (reply.status === 0) return `no answer (${reply.text})`;
  const retryAfter = reply.headers['retry-after'] ? ` Retry-After: ${reply.headers['retry-after']}` : '';
  const type = reply.headers['content-type'] ?? '';
  const body = type.includes('json') ? reply.text.slice(0, 200) : `(${type || 'no body'})`;
  return `${reply.status}${retryAfter} ${body}`;
}
