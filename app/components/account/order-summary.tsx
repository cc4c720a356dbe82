import type { CartLine } from '../../../core/checkout/cart.ts';
import type { CartCoupon } from '../../../core/checkout/coupons.ts';
import { sizeName } from '../../../contracts/constants.ts';
import { lineTotal } from '../../../contracts/money.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { ColorOfLine } from '../catalogue/color-swatches.tsx';
import { lineProblem, lineProblemText } from './cart-line.tsx';
import { CouponLine } from './coupon-box.tsx';
import { CASH_ONLY } from './payment-method.tsx';
import { ChargeSlot, CHOOSE_GOVERNORATE, OrderTotal, type ShippingQuote } from './shipping-charges.tsx';

/**
 * The cart as checkout shows it: each line (saying so when it can no longer be ordered as it
 * is), the items, the shipping fee of the chosen governorate, the cash-on-delivery fee while
 * paying cash, the total, and how it is paid (cash on delivery unless told).
 */
export function OrderSummary({
  lines,
  maxPieces,
  itemsTotal,
  quote,
  cardPayments = false,
  paymentNote = 'الدفع نقداً عند الاستلام.',
  coupon = null,
  couponBox,
}: {
  lines: CartLine[];
  /** The most pieces of one size an order line may take. */
  maxPieces: number;
  itemsTotal: number;
  quote: ShippingQuote;
  /** The shopper may pay by card: the cash-on-delivery fee and the total follow the choice. */
  cardPayments?: boolean;
  paymentNote?: React.ReactNode;
  /** The cart's discount code, its line above the shipping. */
  coupon?: CartCoupon | null;
  /** The form that puts a code on or takes it off, under the total. */
  couponBox?: React.ReactNode;
}) {
  const imagesUrl = useImagesUrl();
  return (
    <section aria-labelledby="order-summary" className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h2 id="order-summary" className="mb-3 text-lg font-bold">
        ملخص الطلب
      </h2>
      <ul className="divide-y divide-line">
        {lines.map((line) => {
          const image = productImage(line.product.imageCover, imagesUrl);
          const problem = lineProblem(line, maxPieces);
          return (
            <li key={line.id} className="flex items-center gap-3 py-3">
              <img src={image.thumb} width={48} height={64} alt={line.product.title} loading="lazy" className="h-16 w-12 shrink-0 rounded-md bg-white object-cover" />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-semibold">{line.product.title}</p>
                <p className="text-sm text-muted">
                  <ColorOfLine name={line.colorName} />
                  المقاس: <Ltr>{sizeName(line.size)}</Ltr> · الكمية: <Ltr>{line.count}</Ltr>
                </p>
                {problem && <p className="text-sm font-semibold text-sale">{lineProblemText(problem, line, maxPieces)}</p>}
              </div>
              <Price value={lineTotal(line)} className="whitespace-nowrap shrink-0 font-semibold" />
            </li>
          );
        })}
      </ul>
      <dl className="mt-3 flex flex-col gap-2 border-t border-line pt-3">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">إجمالي المنتجات</dt>
          <dd>
            <Price value={itemsTotal} className="whitespace-nowrap" />
          </dd>
        </div>
        {coupon && <CouponLine coupon={coupon} />}
        <div className="flex justify-between gap-2">
          <dt className="text-muted">الشحن</dt>
          <dd className="text-end">
            <ChargeSlot name="fee" amount={quote.fee} unknown={CHOOSE_GOVERNORATE} />
          </dd>
        </div>
        {quote.codFee > 0 && (
          <div className="flex justify-between gap-2" {...(cardPayments && CASH_ONLY)}>
            <dt className="text-muted">رسوم الدفع عند الاستلام</dt>
            <dd>
              <Price value={quote.codFee} className="whitespace-nowrap" />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-2 border-t border-line pt-2 text-lg font-bold">
          <dt>الإجمالي شامل الشحن</dt>
          <dd className="text-end">
            <OrderTotal quote={quote} cardPayments={cardPayments} className="text-brand-700" />
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-muted">{paymentNote}</p>
      {couponBox && <div className="mt-4 border-t border-line pt-4">{couponBox}</div>}
    </section>
  );
}
