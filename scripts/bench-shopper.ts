/**
 * The shopper of `npm run bench`'s storm scenario, run by it as a process of its own: signs up,
 * then for `seconds` places orders (a piece of a product in the cart, then the order) and reads
 * product pages, one request at a time, and prints the latencies of each kind as JSON.
 *
 *   node --import tsx scripts/bench-shopper.ts <base url> <seconds> <product id>...
 */
import process from 'node:process';

const [base, seconds, ...productIds] = process.argv.slice(2);
if (!base || !seconds || productIds.length === 0) throw new Error('usage: bench-shopper.ts <base url> <seconds> <product id>...');

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

const phone = `015${String(Date.now()).slice(-8)}`;
const signup = await timed(`${base}/api/v1/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'متسوق الاختبار', phone, password: 'bench-password-1', passwordConfirm: 'bench-password-1' }),
});
if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
const token = (signup.body as { token: string }).token;
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

const orders: number[] = [];
const pages: number[] = [];
let failed = 0;
const endAt = Date.now() + Number(seconds) * 1000;
for (let i = 0; Date.now() < endAt; i++) {
  const productId = productIds[i % productIds.length]!;
  const page = await timed(`${base}/product/${productId}?bench=${i}`);
  if (page.status === 200) pages.push(page.ms);
  else failed += 1;
  const product = (await timed(`${base}/api/v1/products/${productId}?bench=${i}`)).body as { data?: { stock: { size: string; quantity: number }[] } };
  const size = product.data?.stock.find((line) => line.quantity > 0)?.size;
  if (!size) continue;
  const started = performance.now();
  const cart = await timed(`${base}/api/v1/cart`, { method: 'POST', headers: auth, body: JSON.stringify({ productId, color: size }) });
  const cartId = (cart.body as { data?: { _id: string } }).data?._id;
  const order = cartId
    ? await timed(`${base}/api/v1/orders/${cartId}`, { method: 'POST', headers: auth, body: JSON.stringify({ shippingAddress: ADDRESS }) })
    : { status: cart.status };
  // An order is the cart line and the order together, as the shopper lives it.
  if (order.status === 201) orders.push(performance.now() - started);
  else {
    if (failed === 0) console.error(`an order failed: ${order.status} ${JSON.stringify('body' in order ? order.body : cart.body)}`);
    failed += 1;
    // Start the next order from an empty cart.
    await timed(`${base}/api/v1/cart`, { method: 'DELETE', headers: { authorization: auth.authorization } });
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : 0;
};
process.stdout.write(
  JSON.stringify({
    orders: { count: orders.length, p50: percentile(orders, 50), p99: percentile(orders, 99) },
    pages: { count: pages.length, p50: percentile(pages, 50), p99: percentile(pages, 99) },
    failed,
  }),
);
