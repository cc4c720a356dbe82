/**
 * A forgotten password as a customer lives it, against the WhatsApp stand-in that
 * scripts/run-e2e.ts starts for this worker's server (E2E_WHATSAPP_URL_<worker>): from the login
 * page to "نسيت كلمة المرور؟", the phone, the code read from the WhatsApp message, a wrong code
 * refused beside its field, then the right one with a new password, landing signed in on the
 * profile while the session from before no longer signs anyone in.
 */
import { expect, test } from './pages/test.ts';
import { MSG } from '../../contracts/messages.ts';
import { expectFieldError, expectNoHorizontalOverflow, LoginPage, SignupPage } from './pages/account.ts';
import { expectNoSeriousViolations } from './pages/common.ts';

const WHATSAPP = process.env[`E2E_WHATSAPP_URL_${process.env.TEST_PARALLEL_INDEX ?? 0}`];
test.skip(!WHATSAPP, 'WhatsApp stand-in not started: run the end-to-end tests with "npm run test:e2e"');

const CODE_FIELD = 'الرمز المرسل على واتساب';
const NEW_PASSWORD = 'new-secret-789';

interface SentMessage {
  template: { name: string; components: { type: string; parameters: { type: string; text?: string }[] }[] };
}

/** The code of the newest reset message the stand-in received for the phone. */
async function codeSentTo(phone: string): Promise<string | undefined> {
  const res = await fetch(`${WHATSAPP}/_standin/sent?to=${phone}`);
  expect(res.status).toBe(200);
  const { messages } = (await res.json()) as { messages: SentMessage[] };
  const message = messages.find((m) => m.template.name === 'password_reset_code');
  return message?.template.components.find((c) => c.type === 'body')?.parameters[0]?.text;
}

test('a customer who forgot the password sets a new one with the WhatsApp code and lands signed in', async ({ page, context, request }) => {
  // Signing up, two posts and waiting for the sender's turn.
  test.setTimeout(120_000);
  const account = await new SignupPage(page).signUpFresh('ريم عبد الرحمن');
  const before = (await context.cookies()).find((c) => c.name === 'token')!.value;
  await context.clearCookies();

  await new LoginPage(page).goto();
  await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'نسيت كلمة المرور؟' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
  await page.getByLabel('رقم الهاتف', { exact: true }).fill(account.phone);
  await page.getByRole('button', { name: 'أرسل الرمز' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'تعيين كلمة مرور جديدة' })).toBeVisible();
  await expect(page.locator('main').getByRole('status')).toHaveText(MSG.resetCodeSent);
  await expect(page.getByLabel('رقم الهاتف', { exact: true })).toHaveValue(account.phone);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);

  // The sender runs every 2 s: the message reaches the stand-in shortly.
  let code: string | undefined;
  await expect.poll(async () => (code = await codeSentTo(account.phone)), { timeout: 15_000 }).toMatch(/^[0-9]{6}$/);

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel(CODE_FIELD, { exact: true }).fill(wrong);
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expectFieldError(page, CODE_FIELD, MSG.resetCodeInvalid);
  await expectNoHorizontalOverflow(page);

  await page.getByLabel(CODE_FIELD, { exact: true }).fill(code!);
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('تأكيد كلمة المرور الجديدة', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'حسابي' })).toBeVisible();

  const old = await request.get('/api/v1/users/getMe', { headers: { cookie: `token=${before}` } });
  expect(old.status()).toBe(401);
  const login = await request.post('/api/v1/auth/login', { data: { phone: account.phone, password: NEW_PASSWORD } });
  expect(login.status()).toBe(200);
});
