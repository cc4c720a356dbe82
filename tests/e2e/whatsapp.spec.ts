/**
 * Messages to customers on WhatsApp as a customer lives them, against the WhatsApp stand-in that
 * scripts/run-e2e.ts starts for this worker's server (E2E_WHATSAPP_URL_<worker>): a cash order
 * placed at checkout brings its message with the two buttons; the customer taps "تأكيد الطلب"
 * (the stand-in posts the signed webhook) and the profile shows the order confirmed.
 */
import { expect, test } from './pages/test.ts';
import { CartPage, CheckoutPage, expectNoHorizontalOverflow, ProductPage, ProfilePage, SignupPage, toast } from './pages/account.ts';
import { uniquePhone } from './pages/common.ts';
import { createStockedProduct, deleteStockedProducts, uniqueMark } from './pages/stock.ts';

const WHATSAPP = process.env[`E2E_WHATSAPP_URL_${process.env.TEST_PARALLEL_INDEX ?? 0}`];
test.skip(!WHATSAPP, 'WhatsApp stand-in not started: run the end-to-end tests with "npm run test:e2e"');

test.afterEach(async ({ request }) => {
  await deleteStockedProducts(request);
});

interface SentMessage {
  messageId: string;
  template: { name: string; components: { type: string; sub_type?: string; parameters: { type: string; text?: string; payload?: string }[] }[] };
}

/** The stand-in's messages to a phone, newest first. */
async function sentTo(phone: string): Promise<SentMessage[]> {
  const res = await fetch(`${WHATSAPP}/_standin/sent?to=${phone}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: SentMessage[] }).messages;
}

test('a cash order confirmed from its WhatsApp message shows confirmed on the profile', async ({ page, request }) => {
  // Signing up, ordering through the pages and waiting for the sender's turn.
  test.setTimeout(120_000);
  const product = await createStockedProduct(request, `تيشيرت واتساب ${uniqueMark()}`, { m: 5 });
  await new SignupPage(page).signUpFresh('سلمى فؤاد');
  const productPage = new ProductPage(page);
  await productPage.goto(product);
  await productPage.chooseSize('m');
  await productPage.addToCart();
  await expect(toast(page, 'تم إضافة المنتج إلى العربة')).toBeVisible();
  const cart = new CartPage(page);
  await cart.goto();
  await cart.checkout();
  // A phone of this test's own, so the stand-in's messages to it are this test's.
  const phone = uniquePhone();
  const checkout = new CheckoutPage(page);
  await checkout.fill({ details: 'شارع التحرير، عمارة 5', phone, city: 'القاهرة', district: 'الدقي' });
  await checkout.placeOrder();
  await expect(toast(page, 'تم إرسال الطلب بنجاح')).toBeVisible();

  // The sender runs every 2 s: the message reaches the stand-in shortly.
  let message: SentMessage | undefined;
  await expect.poll(async () => (message = (await sentTo(phone)).find((m) => m.template.name === 'order_placed_cash')), { timeout: 15_000 }).toBeTruthy();
  const buttons = message!.template.components.filter((c) => c.type === 'button' && c.sub_type === 'quick_reply');
  const confirm = buttons[0]!.parameters[0]!.payload!;
  expect(confirm).toMatch(/^confirm:[0-9a-f-]{36}$/);

  const tap = await fetch(`${WHATSAPP}/_standin/reply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ messageId: message!.messageId, payload: confirm }),
  });
  expect(((await tap.json()) as { status: number }).status).toBe(200);

  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.expectCurrentStep(profile.orders().first(), 'تم التأكيد');
  await expectNoHorizontalOverflow(page);
});
