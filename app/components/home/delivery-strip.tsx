import { Icon } from '../icons/icon.tsx';
import { DELIVERY_WORKING_DAYS } from '../../../contracts/constants.ts';
import type { ShippingRules } from '../../../contracts/shipping.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { FeeWords, FreeShippingWords } from '../shipping-terms.tsx';

/**
 * SPEC.md's "free-shipping strip", saying what the shop really charges (its shipping rules):
 * free shipping from the threshold when there is one, else the fee or its range by governorate;
 * then cash on delivery (with its fee, if any) and fast delivery.
 */
export function DeliveryStrip({ rules }: { rules: ShippingRules }) {
  return (
    <div className="bg-brand-700 text-white">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-4 text-center font-semibold sm:text-lg">
        <Icon name="truck" className="size-7 shrink-0" />
        <span>
          {rules.freeShippingFrom !== null ? (
            <FreeShippingWords rules={rules} />
          ) : (
            <>
              الشحن <FeeWords rules={rules} />
            </>
          )}{' '}
          · الدفع عند الاستلام
          {rules.codFee > 0 && (
            <>
              {' '}
              (+<Price value={rules.codFee} />)
            </>
          )}{' '}
          · توصيل خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل للقاهرة والجيزة
        </span>
      </p>
    </div>
  );
}
