/**
 * The shop's shipping charges in words, from its rules (contracts/shipping.ts), for the pages that
 * describe them before any governorate is chosen: the cart, the home page's strip, the delivery
 * and terms pages. Prices are isolated so they never come out reversed.
 */
import { feeRange, type ShippingRules } from '../../contracts/shipping.ts';
import { Price } from '../lib/format.tsx';

/** The fee: one amount for every governorate, or the range when they differ. */
export function FeeWords({ rules }: { rules: ShippingRules }) {
  const { min, max } = feeRange(rules);
  if (min === max && min === 0) return <>مجاناً لكل المحافظات</>;
  if (min === max) {
    return (
      <>
        <Price value={min} /> لكل المحافظات
      </>
    );
  }
  return (
    <>
      من <Price value={min} /> إلى <Price value={max} /> حسب المحافظة
    </>
  );
}

/** "شحن مجاني للطلبات من …", or nothing while the shop has no threshold. */
export function FreeShippingWords({ rules }: { rules: ShippingRules }) {
  if (rules.freeShippingFrom === null) return null;
  return (
    <>
      شحن مجاني للطلبات من <Price value={rules.freeShippingFrom} />
    </>
  );
}

/** The cash-on-delivery fee, or nothing when there is none. */
export function CodFeeWords({ rules }: { rules: ShippingRules }) {
  if (rules.codFee === 0) return null;
  return (
    <>
      تضاف <Price value={rules.codFee} /> رسوم للدفع عند الاستلام
    </>
  );
}
