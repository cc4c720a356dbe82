import { Truck } from 'lucide-react';
import { DELIVERY_WORKING_DAYS } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';

/**
 * SPEC.md's "free-shipping strip". Shipping is 70 L.E on every order, so the strip promises what
 * is true: cash on delivery and fast delivery, never free shipping.
 */
export function DeliveryStrip() {
  return (
    <div className="bg-brand-700 text-white">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-4 text-center font-semibold sm:text-lg">
        <Truck aria-hidden="true" className="size-7 shrink-0" />
        <span>
          الدفع عند الاستلام · توصيل خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل للقاهرة والجيزة
        </span>
      </p>
    </div>
  );
}
