/**
 * The account side of the shop (SPEC.md §2 Cart/Checkout/Profile, §4, §5, §6): a guest is
 * asked to log in, signs up, fills the cart, checks out and finds the order on the profile;
 * the wishlist; the guards; the forms without JavaScript; accessibility.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './pages/test.ts';
import {
  addToWishlist,
  CartPage,
  CheckoutPage,
  expectFieldError,
  expectNoHorizontalOverflow,
  LoginPage,
  ProductPage,
  productsOnSale,
  ProfilePage,
  SignupPage,
  toast,
  uniquePhone,
  type CatalogueProduct,
} from './pages/account.ts';
import { expectNoSeriousViolations } from './pages/common.ts';
import { ADMIN } from './pages/demo-accounts.ts';

const ADDRESS = { details: 'شارع التحرير، عمارة 5، الدور الثالث', phone: '01234567890', city: 'الجيزة', district: 'الدقي' };

/** Two different products with several sizes and stock to spare. */
async function pickProducts(page: Page): Promise<[CatalogueProduct, CatalogueProduct]> {
  const products = (await productsOnSale(page.request)).filter((p) => p.availableSizes.length > 1);
  expect(products.length).toBeGreaterThanOrEqual(2);
  return [products[0]!, products[1]!];
}

test('a guest is asked to log in, signs up, fills the cart, checks out and sees the order with shipping', async ({ page }) => {
  const [product] = await pickProducts(page);
  const [size] = product.availableSizes as [string];
  const productPage = new ProductPage(page);

  await productPage.goto(product);
  await productPage.chooseSize(size);
  await productPage.addToCart();
  await expect(toast(page, 'من فضلك قم بتسجيل الدخول أولاً')).toBeVisible();

  const signup = new SignupPage(page);
  await signup.goto();
  await signup.submit();
  await expectFieldError(page, 'الاسم', 'أدخل اسم المستخدم');
  await expectFieldError(page, 'رقم الهاتف', 'أدخل رقم الهاتف');
  await expectFieldError(page, 'كلمة المرور', 'أدخل كلمة المرور');
  await expectFieldError(page, 'تأكيد كلمة المرور', 'أدخل تأكيد كلمة المرور');
  await expect(toast(page, 'أدخل اسم المستخدم')).toBeVisible();

  await signup.fill({ name: 'مص', phone: '0123', password: '123', passwordConfirm: '1234' });
  await signup.submit();
  await expectFieldError(page, 'الاسم', 'يجب أن يكون اسم المستخدم أكثر من 3 حروف');
  await expectFieldError(page, 'رقم الهاتف', 'أدخل رقم هاتف صحيح');
  await expectFieldError(page, 'كلمة المرور', 'يجب أن تكون كلمة المرور أكثر من 6 حروف');
  await expectFieldError(page, 'تأكيد كلمة المرور', 'كلمة المرور غير متطابقة');

  await signup.fill({ name: 'مصطفى حسن', phone: uniquePhone(), password: 'secret-123' });
  await signup.submit();
  await expect(page).toHaveURL(/\/$/);

  await productPage.goto(product);
  await productPage.chooseSize(size);
  await productPage.addToCart();
  await expect(toast(page, 'تم إضافة المنتج إلى العربة')).toBeVisible();

  const cart = new CartPage(page);
  await cart.goto();
  await cart.expectLine(product.title, size, 1);
  await expect(cart.decreaseButton(product.title)).toBeDisabled();
  await cart.expectSubtotal(product.priceAfterDiscount);
  await cart.increase(product.title);
  await cart.expectLine(product.title, size, 2);
  await cart.expectSubtotal(product.priceAfterDiscount * 2);
  await cart.increase(product.title);
  await cart.expectSubtotal(product.priceAfterDiscount * 3);
  await cart.decrease(product.title);
  await cart.expectLine(product.title, size, 2);
  await cart.expectSubtotal(product.priceAfterDiscount * 2);
  await expectNoHorizontalOverflow(page);

  await cart.checkout();
  const checkout = new CheckoutPage(page);
  const total = Math.ceil(product.priceAfterDiscount * 2) + 70;
  await checkout.expectTotal(total);
  await checkout.fill({ phone: '' });
  await checkout.placeOrder();
  await expectFieldError(page, 'العنوان بالتفصيل', 'العنوان مطلوب');
  await expectFieldError(page, 'رقم الهاتف', 'رقم الهاتف مطلوب');
  await expectFieldError(page, 'محافظة الشحن', 'محافظة الشحن مطلوب');
  await expectNoHorizontalOverflow(page);

  await checkout.fill(ADDRESS);
  await checkout.placeOrder();
  await expect(toast(page, 'تم إرسال الطلب بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?order=\d+$/);
  await new ProfilePage(page).expectOrder({ lines: [{ title: product.title, size, count: 2 }], total });
  await expectNoHorizontalOverflow(page);
});

test('the wishlist: the heart keeps a product, the profile moves one to the cart and removes another', async ({ page }) => {
  const [kept, other] = await pickProducts(page);
  await new SignupPage(page).signUpFresh();

  const productPage = new ProductPage(page);
  await productPage.goto(kept);
  await expect(productPage.heart()).toHaveAttribute('aria-pressed', 'false');
  // The heart turns at once; the reload waits for the server's answer, or it would cancel the request.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/wishlist' && r.request().method() === 'POST');
  await productPage.heart().click();
  await expect(productPage.heart()).toHaveAttribute('aria-pressed', 'true');
  expect((await answered).ok()).toBe(true);
  await page.reload();
  await expect(productPage.heart()).toHaveAttribute('aria-pressed', 'true');
  await addToWishlist(page, other._id);

  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(page.getByText('ليس لديك طلبات حتى الآن')).toBeVisible();
  await expect(profile.wishlistItem(kept.title)).toBeVisible();
  await expect(profile.wishlistItem(other.title)).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await profile.moveToCart(kept.title);
  await expect(toast(page, 'من فضلك قم بتحديد المقاس أولاً')).toBeVisible();
  const size = kept.availableSizes[1]!;
  await profile.moveToCart(kept.title, size);
  await expect(toast(page, 'تم إضافة المنتج إلى العربة')).toBeVisible();
  await expect(profile.wishlistItem(kept.title)).toHaveCount(0);

  await profile.removeFromWishlist(other.title);
  await expect(toast(page, 'تم حذف المنتج من المفضلة')).toBeVisible();
  await expect(profile.wishlistItem(other.title)).toHaveCount(0);
  await expect(page.getByText('لا توجد منتجات في المفضلة حتى الآن')).toBeVisible();

  const cart = new CartPage(page);
  await cart.goto();
  await cart.expectLine(kept.title, size, 1);
  await cart.remove(kept.title);
  await expect(page.getByText('عربة التسوق فارغة')).toBeVisible();
});

test("a guest's cart asks them to log in; guests and the admin are sent to /login from the other customer pages", async ({ page }) => {
  // The cart answers a guest at once, with no redirect: the way in is the page.
  const response = await page.goto('/cart');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'عربة التسوق' })).toBeVisible();
  await expect(main.getByText('سجّل الدخول لعرض عربة التسوق')).toBeVisible();
  await expect(main.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveAttribute('href', '/signup');
  await main.getByRole('link', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/login$/);

  for (const path of ['/checkout', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('link', { name: 'إنشاء حساب جديد' })).toHaveAttribute('href', '/signup');

  const login = new LoginPage(page);
  await login.logIn(ADMIN.phone, 'wrong-password');
  await expect(toast(page, 'رقم الهاتف أو كلمة المرور غير صحيحة')).toBeVisible();
  await login.logIn(ADMIN.phone, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  // Staff have no cart: the cart sends them to /login like the other customer pages.
  for (const path of ['/checkout', '/cart']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('أنت مسجّل الدخول بحساب مدير')).toBeVisible();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signup, login, the cart and checkout work as plain forms', async ({ page, context }) => {
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.submit();
    await expectFieldError(page, 'الاسم', 'أدخل اسم المستخدم');
    await expectFieldError(page, 'تأكيد كلمة المرور', 'أدخل تأكيد كلمة المرور');
    const account = await signup.signUpFresh('عمر خالد');

    await context.clearCookies();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(account.phone, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'رقم الهاتف أو كلمة المرور غير صحيحة' })).toBeVisible();
    await login.logIn(account.phone, account.password);
    await expect(page).toHaveURL(/\/$/);

    const [product] = await pickProducts(page);
    const size = product.availableSizes[0]!;
    await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: size } });
    const cart = new CartPage(page);
    await cart.goto();
    await cart.increase(product.title);
    await cart.expectLine(product.title, size, 2);
    await cart.expectSubtotal(product.priceAfterDiscount * 2);

    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await checkout.fill({ phone: '' });
    await checkout.placeOrder();
    await expectFieldError(page, 'العنوان بالتفصيل', 'العنوان مطلوب');
    await expectFieldError(page, 'محافظة الشحن', 'محافظة الشحن مطلوب');
    await checkout.fill(ADDRESS);
    await checkout.placeOrder();
    await expect(page).toHaveURL(/\/profile\?order=\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'تم إرسال الطلب بنجاح' })).toBeVisible();
    await new ProfilePage(page).expectOrder({ lines: [{ title: product.title, size, count: 2 }], total: Math.ceil(product.priceAfterDiscount * 2) + 70 });
  });

  test('the wishlist on the profile works as plain forms: a missing size is asked for on the product, a move and a removal say so', async ({ page }) => {
    const [kept, other] = await pickProducts(page);
    await new SignupPage(page).signUpFresh('هبة منصور');
    await addToWishlist(page, kept._id);
    await addToWishlist(page, other._id);

    const profile = new ProfilePage(page);
    await profile.goto();
    const wishlist = page.getByRole('region', { name: 'المفضلة' });
    await profile.moveToCart(kept.title);
    await expect(page).toHaveURL(/\/profile\?wishlist=sizeFirst&product=[^#]+#wishlist-/);
    await expect(profile.wishlistItem(kept.title).getByRole('alert')).toHaveText('من فضلك قم بتحديد المقاس أولاً');
    const size = kept.availableSizes[1]!;
    await profile.moveToCart(kept.title, size);
    await expect(wishlist.getByRole('status')).toHaveText('تم إضافة المنتج إلى العربة');
    await expect(profile.wishlistItem(kept.title)).toHaveCount(0);

    await profile.removeFromWishlist(other.title);
    await expect(wishlist.getByRole('status')).toHaveText('تم حذف المنتج من المفضلة');
    await expect(page.getByText('لا توجد منتجات في المفضلة حتى الآن')).toBeVisible();
    await expectNoHorizontalOverflow(page);

    const cart = new CartPage(page);
    await cart.goto();
    await cart.expectLine(kept.title, size, 1);
  });
});

test('login, signup, cart and checkout have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expectNoSeriousViolations(page);
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.submit();
  await expectFieldError(page, 'الاسم', 'أدخل اسم المستخدم');
  await expect(toast(page, 'أدخل اسم المستخدم')).toBeVisible();
  await expectNoSeriousViolations(page);

  await signup.signUpFresh();
  const [product] = await pickProducts(page);
  await page.request.post('/cart', { form: { intent: 'add', productId: product._id, color: product.availableSizes[0]! } });
  const cart = new CartPage(page);
  await cart.goto();
  await expect(cart.line(product.title)).toBeVisible();
  await expectNoSeriousViolations(page);

  await cart.checkout();
  await new CheckoutPage(page).placeOrder();
  await expectFieldError(page, 'العنوان بالتفصيل', 'العنوان مطلوب');
  await expect(toast(page, 'العنوان مطلوب')).toBeVisible();
  await expectNoSeriousViolations(page);
});
