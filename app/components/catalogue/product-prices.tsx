/** The price after discount, and the original price struck through when it differs. */
import { Price } from '../../lib/format.tsx';

interface ProductPricesProps {
  price: number;
  priceAfterDiscount: number;
  large?: boolean;
  /**
   * The struck-through price on a line of its own (cards): a card is then as tall whatever font
   * draws it, where side by side the two prices fit one line in one font and wrap in another.
   */
  stacked?: boolean;
}

export function ProductPrices({ price, priceAfterDiscount, large, stacked }: ProductPricesProps) {
  const discounted = priceAfterDiscount < price;
  return (
    <p className={stacked ? 'flex flex-col items-start gap-0.5' : 'flex flex-wrap items-baseline gap-x-2 gap-y-0.5'}>
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
