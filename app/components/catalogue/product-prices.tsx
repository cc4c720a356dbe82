/** The price after discount, and the original price struck through when it differs. */
import { Price } from '../../lib/format.tsx';

interface ProductPricesProps {
  price: number;
  priceAfterDiscount: number;
  large?: boolean;
}

export function ProductPrices({ price, priceAfterDiscount, large }: ProductPricesProps) {
  const discounted = priceAfterDiscount < price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className="sr-only">السعر:</span>
      <Price value={priceAfterDiscount} className={`font-bold text-brand-700 ${large ? 'text-2xl' : 'text-base'}`} />
      {discounted && (
        <s className={`text-muted ${large ? 'text-base' : 'text-sm'}`}>
          <span className="sr-only">بدلاً من</span>
          <Price value={price} />
        </s>
      )}
    </p>
  );
}
