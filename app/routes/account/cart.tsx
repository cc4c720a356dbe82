import { ShoppingBag } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { AddToCartSchema, IdSchema, UpdateCartItemSchema } from '../../../contracts/schemas.ts';
import { missingForFreeShipping, shipsFree } from '../../../contracts/shipping.ts';
import { addToCart, getCart, removeCartItem, updateCartItem } from '../../../core/checkout/cart.ts';
import { readShippingRules } from '../../../core/checkout/shipping.ts';
import { CartLine, cartLineId, lineProblem } from '../../components/account/cart-line.tsx';
import { FormAlert } from '../../components/account/form-field.tsx';
import { ActionFlash } from '../../components/account/action-flash.tsx';
import { CouponBox, CouponLine } from '../../components/account/coupon-box.tsx';
import { CodFeeWords, FeeWords } from '../../components/shipping-terms.tsx';
import { Ltr, Price } from '../../lib/format.tsx';
import { changeCoupon, isCouponIntent } from '../../lib/coupon-form.server.ts';
import { fieldErrors, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { getSessionUser } from '../../lib/session.server.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { getShopper, isDocumentRequest } from '../../lib/shopper.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/cart';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export function meta() {
  return [
    { title: 'عربة التسوق' },
    { name: 'description', content: 'المنتجات التي اخترتها، بألوانها ومقاساتها وكمياتها، قبل إتمام الطلب.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The signed-in customer's cart. A guest gets the page too, saying the cart comes with an account
 * and linking to login and signup, at once instead of after a redirect; staff have no cart and
 * are sent to /login like on the other customer pages (SPEC.md §6).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return { cart: null, rules: null, maxPieces: null };
  if (user.role !== 'user') throw redirect('/login');
  const [cart, rules] = await Promise.all([getCart(context.db, user.id), readShippingRules(context.db)]);
  return { cart, rules, maxPieces: context.payments.orderLimits.linePieces };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

/**
 * The cart's one door for changes (the brief's shared interface): intent=add from product
 * cards and the product page, update and remove from this page, the discount code (coupon,
 * remove-coupon) from its box. A plain form post gets a page
 * back: the cart after a change (at the changed line), /login for a guest. The enhancement
 * script's add-to-cart calls the API instead (app/enhance/cart.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const shopper = await getShopper(request, context);
  const documentPost = isDocumentRequest(request);
  if (shopper.refusal) return documentPost ? redirect('/login') : shopper.refusal;
  const userId = shopper.user.id;
  const maxPieces = context.payments.orderLimits.linePieces;
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const done = (result: ActionResult, to = '/cart') => (documentPost ? redirect(to) : result);

  const intent = text(form, 'intent');
  if (intent === 'add') {
    const values = { productId: text(form, 'productId') };
    const parsed = AddToCartSchema.safeParse({ productId: values.productId, color: text(form, 'color') || undefined, colorName: text(form, 'colorName') || undefined });
    if (!parsed.success) return invalid(fieldErrors(parsed.error.issues), values);
    // Every line needs a size (SPEC.md §5); only the wishlist picks a lone size by itself.
    if (!parsed.data.color) return data<ActionResult & { values?: Record<string, unknown> }>({ ok: false, toast: { type: 'error', message: MSG.sizeFirst }, values }, { status: 400 });
    try {
      // A product with colours needs one named (the product page's chosen colour), else اختر اللون.
      await addToCart(context.db, userId, { productId: parsed.data.productId, size: parsed.data.color, colorName: parsed.data.colorName }, maxPieces);
      return done({ ok: true, toast: { type: 'success', message: MSG.addedToCart } });
    } catch (error) {
      return fromAppError(error, values);
    }
  }

  if (isCouponIntent(intent)) return changeCoupon(context.db, userId, form, documentPost, '/cart');

  const itemId = IdSchema.safeParse(text(form, 'itemId'));
  if (!itemId.success) return invalid({ itemId: MSG.cartItemNotFound });
  try {
    if (intent === 'update') {
      const parsed = UpdateCartItemSchema.safeParse({ count: Number(text(form, 'count')) });
      if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
      await updateCartItem(context.db, userId, itemId.data, parsed.data.count, maxPieces);
      // Back at the line, not at the top of a long cart.
      return done({ ok: true }, `/cart#${cartLineId(itemId.data)}`);
    }
    if (intent === 'remove') {
      await removeCartItem(context.db, userId, itemId.data);
      return done({ ok: true });
    }
  } catch (error) {
    return fromAppError(error);
  }
  return invalid({ intent: MSG.invalidValue });
}

/** The summary's part a discount code changes, replaced in place with JavaScript (app/enhance/swap.ts). */
const SUMMARY_ID = 'cart-summary-panel';

/** A guest's cart page: the cart lives in an account, so the way in is the page. */
function GuestCart() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-4 text-2xl font-bold">عربة التسوق</h1>
      <div className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface px-4 py-12 text-center">
        <ShoppingBag aria-hidden="true" className="size-14 text-brand-500" />
        <p className="text-lg font-semibold">سجّل الدخول لعرض عربة التسوق</p>
        <p className="max-w-md text-balance text-muted">تُحفظ العربة في حسابك، فتجدها على أي جهاز تسجّل الدخول منه.</p>
        <div className="flex w-full max-w-md flex-col gap-3 sm:flex-row">
          <Link to="/login" className="flex min-h-11 flex-1 items-center justify-center rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">
            تسجيل الدخول
          </Link>
          <Link
            to="/signup"
            className="flex min-h-11 flex-1 items-center justify-center rounded-lg border border-brand-600 bg-white px-6 font-semibold text-brand-700 hover:bg-brand-50"
          >
            إنشاء حساب جديد
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, rules, maxPieces } = loaderData;
  if (!cart || !rules || !maxPieces) return <GuestCart />;
  const missing = missingForFreeShipping(rules, cart.totalCartPrice);
  const pieces = cart.lines.reduce((sum, line) => sum + line.count, 0);
  // A refused code is said beside the code's field, not above the cart.
  const { code: couponError, ...otherErrors } = actionData?.errors ?? {};
  const failure = actionData?.toast?.type === 'error' ? actionData.toast.message : Object.values(otherErrors)[0];
  const typedCode = actionData && 'values' in actionData ? (actionData.values as Record<string, unknown> | undefined)?.code : undefined;
  const blocked = cart.lines.some((line) => lineProblem(line, maxPieces) !== null);
  const backTo = actionData && 'values' in actionData ? (actionData.values as Record<string, unknown> | undefined)?.productId : undefined;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-4 text-2xl font-bold">عربة التسوق</h1>
      <ActionFlash result={actionData} />
      {failure && (
        <div className="mb-4 flex flex-col gap-2">
          <FormAlert message={failure} />
          {typeof backTo === 'string' && (
            <Link to={`/product/${backTo}`} className="inline-block min-h-11 py-2.5 font-semibold text-brand-600 underline">
              العودة إلى المنتج
            </Link>
          )}
        </div>
      )}
      {cart.lines.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface px-4 py-12 text-center">
          <ShoppingBag aria-hidden="true" className="size-14 text-brand-500" />
          <p className="text-lg font-semibold">عربة التسوق فارغة</p>
          <Link to="/new-arrived" className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700">
            ابدأ التسوق
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <ul aria-label="منتجات العربة" className="rounded-xl border border-line bg-white px-4">
            {cart.lines.map((line, index) => (
              <CartLine key={line.id} line={line} eager={index < 2} maxPieces={maxPieces} />
            ))}
          </ul>
          <aside id={SUMMARY_ID} aria-labelledby="cart-summary" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5 lg:sticky lg:top-4">
            <h2 id="cart-summary" className="text-lg font-bold">
              ملخص العربة
            </h2>
            <dl className="flex flex-col gap-2">
              <div className="flex justify-between gap-2">
                <dt className="text-muted">عدد القطع</dt>
                <dd>
                  <Ltr>{pieces}</Ltr>
                </dd>
              </div>
              {cart.coupon && (
                <>
                  <div className="flex justify-between gap-2">
                    <dt className="text-muted">إجمالي المنتجات</dt>
                    <dd>
                      <Price value={cart.totalCartPrice} />
                    </dd>
                  </div>
                  <CouponLine coupon={cart.coupon} />
                </>
              )}
              {/* The items only: the governorate, and so the fee, is chosen at checkout, which shows the total with shipping. */}
              <div className="flex items-center justify-between gap-2 border-t border-line pt-2 text-lg font-bold">
                <dt>المجموع الفرعي</dt>
                <dd className="flex items-center gap-2">
                  <Price value={cart.coupon ? cart.totalAfterDiscount : cart.totalCartPrice} className="whitespace-nowrap text-brand-700" />
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="shrink-0 text-muted">الشحن</dt>
                {shipsFree(rules, cart.totalCartPrice) || cart.coupon?.type === 'freeShipping' ? (
                  <dd className="text-end">مجاني</dd>
                ) : (
                  <dd className="flex flex-col items-end text-end">
                    <span>يُضاف عند إتمام الطلب</span>
                    <span className="text-sm text-muted">
                      <FeeWords rules={rules} />
                    </span>
                  </dd>
                )}
              </div>
            </dl>
            <CouponBox coupon={cart.coupon} action="/cart" error={couponError} value={typeof typedCode === 'string' ? typedCode : undefined} swap={SUMMARY_ID} />
            {shipsFree(rules, cart.totalCartPrice) ? (
              <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">طلبك مؤهل للشحن المجاني</p>
            ) : (
              missing !== null && (
                <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-900">
                  أضف منتجات بقيمة <Price value={missing} /> للحصول على شحن مجاني
                </p>
              )
            )}
            <p className="text-sm text-muted">
              تختار محافظتك عند إتمام الطلب فترى الإجمالي شاملاً الشحن، والدفع عند الاستلام
              {rules.codFee > 0 && (
                <>
                  {' '}
                  (<CodFeeWords rules={rules} />)
                </>
              )}
              .
            </p>
            {blocked ? (
              <>
                <p id="checkout-blocked" className="rounded-lg border border-sale/40 bg-red-50 p-3 text-sm font-semibold text-sale">
                  لا يمكن إتمام الشراء الآن: احذف المنتجات غير المتوفرة من العربة أو قلّل كمياتها إلى المتبقي منها.
                </p>
                <button type="button" disabled aria-describedby="checkout-blocked" className="flex min-h-11 cursor-not-allowed items-center justify-center rounded-lg bg-surface px-5 font-semibold text-muted ring-1 ring-line">
                  إتمام الشراء
                </button>
              </>
            ) : (
              <Link to="/checkout" className="flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">
                إتمام الشراء
              </Link>
            )}
            <Link to="/new-arrived" className="flex min-h-11 items-center justify-center rounded-lg border border-brand-600 bg-white px-5 font-semibold text-brand-700 hover:bg-brand-50">
              متابعة التسوق
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
