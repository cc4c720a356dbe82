/**
 * The shoppers of `npm run bench`'s storm, run by it as a process of its own. For `seconds`:
 * - each of `--orderers` customers (signed up first, one account each) places orders, one after
 *   another: it reads the product to choose a size in stock, puts a piece in the cart, then
 *   orders;
 * - each of `--readers` guests reads products, one request at a time, alternating the product
 *   page and the API's product.
 * Reads go through the server's catalogue cache as a guest's do (each order empties it: stock
 * changed); their `bench=<n>` parameter, new each time, only keeps a cache outside the server
 * from answering. Prints the latencies of each kind as JSON.
 *
 *   node --import tsx scripts/bench-shopper.ts <base url> <seconds> [--orderers 3] [--readers 2] <product id>...
 */
import process from 'node:process';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { orderers: { type: 'string', default: '3' }, readers: { type: 'string', default: '2' } },
});
const [base, seconds, ...productIds] = positionals;
if (!base || !seconds || productIds.length === 0) throw new Error('usage: bench-shopper.ts <base url> <seconds> [--orderers 3] [--readers 2] <product id>...');

const ADDRESS = { details: '12 شارع التحرير', district: 'الدقي', phone: '01012345678', shippingCity: 'الجيزة', postalCode: '12611' };

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A page.
  }
  return { ms, status: response.status, body };
}

const orders: number[] = [];
const pages: number[] = [];
const apiReads: number[] = [];
let failed = 0;
let reported = false;
function fail(what: string, status: number, body: unknown) {
  if (!reported) console.error(`${what} failed: ${status} ${JSON.stringify(body).slice(0, 300)}`);
  reported = true;
  failed += 1;
}

let request = 0;
const endAt = Date.now() + Number(seconds) * 1000;

async function signUp(n: number): Promise<string> {
  const phone = `015${String(Date.now() + n).slice(-7)}${n}`;
  const signup = await timed(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'متسوق الاختبار', phone, password: 'bench-password-1', passwordConfirm: 'bench-password-1' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  return (signup.body as { token: string }).token;
}

async function orderer(token: string, first: number) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let i = first; Date.now() < endAt; i += 7) {
    const productId = productIds[i % productIds.length]!;
    const product = (await timed(`${base}/api/v1/products/${productId}?bench=${(request += 1)}`)).body as { data?: { stock: { size: string; quantity: number }[] } };
    const size = product.data?.stock.find((line) => line.quantity > 0)?.size;
    if (!size) continue;
    const started = performance.now();
    const cart = await timed(`${base}/api/v1/cart`, { method: 'POST', headers: auth, body: JSON.stringify({ productId, color: size }) });
    const cartId = (cart.body as { data?: { _id: string } }).data?._id;
    const order = cartId
      ? await timed(`${base}/api/v1/orders/${cartId}`, { method: 'POST', headers: auth, body: JSON.stringify({ shippingAddress: ADDRESS }) })
      : cart;
    // An order is the cart line and the order together, as the shopper lives it.
    if (order.status === 201) orders.push(performance.now() - started);
    else {
      fail('an order', order.status, order.body);
      // Start the next order from an empty cart.
      await timed(`${base}/api/v1/cart`, { method: 'DELETE', headers: { authorization: auth.authorization } });
    }
  }
}

async function reader(first: number) {
  for (let i = first; Date.now() < endAt; i += 5) {
    const productId = productIds[i % productIds.length]!;
    const page = await timed(`${base}/product/${productId}?bench=${(request += 1)}`);
    if (page.status === 200) pages.push(page.ms);
    else fail('a product page', page.status, page.body);
    const read = await timed(`${base}/api/v1/products/${productId}?bench=${(request += 1)}`);
    if (read.status === 200) apiReads.push(read.ms);
    else fail('an API product read', read.status, read.body);
  }
}

const tokens = await Promise.all(Array.from({ length: Number(values.orderers) }, (_, n) => signUp(n)));
await Promise.all([...tokens.map((token, n) => orderer(token, n)), ...Array.from({ length: Number(values.readers) }, (_, n) => reader(n))]);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : 0;
};
const summary = (values: number[]) => ({ count: values.length, p50: percentile(values, 50), p99: percentile(values, 99) });
process.stdout.write(JSON.stringify({ orders: summary(orders), pages: summary(pages), apiReads: summary(apiReads), failed }));
