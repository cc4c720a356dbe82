/** The price after discount, and the original price struck through when it differs. */
import { CURRENCY } from '../../../contracts/constants.ts';
import { formatAmount, Price } from '../../lib/format.tsx';

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
  const was = discounted && (
    // Isolated left to right by its own dir, without a <bdi> of its own; "بدلاً من" before it is said to screen
    // readers alone (app.css).
    <s dir="ltr" className={`was-price whitespace-nowrap font-normal text-muted ${large ? 'text-base' : 'text-sm'}`}>
      {formatAmount(price)} {CURRENCY}
    </s>
  );
  if (stacked) {
    // A card's prices: the paragraph itself runs left to right, each price on its line, against the start (right) edge.
    return (
      <p dir="ltr" className="flex flex-col items-end gap-0.5 text-base font-bold whitespace-nowrap text-brand-700">
        {formatAmount(priceAfterDiscount)} {CURRENCY}
        {was}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <Price value={priceAfterDiscount} className={`font-bold text-brand-700 ${large ? 'text-2xl' : 'text-base'}`} />
      {was}
    </p>
  );
}
