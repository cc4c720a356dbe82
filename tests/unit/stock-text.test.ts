import { describe, expect, it } from 'vitest';
import { lineProblem, lineProblemText } from '../../app/components/account/cart-line.tsx';
import { isLastPieces, lastPiecesText, piecesText, sizeWithLabel, soldOutSizeLabel } from '../../app/components/catalogue/stock-text.ts';

const line = (count: number, sizeQuantity: number, availability = true) => ({
  product: { id: 'p', title: 'قميص', imageCover: 'c.webp', priceAfterDiscount: 100, availability, quantity: sizeQuantity },
  count,
  sizeQuantity,
});

describe('how the shop names sizes and counts pieces', () => {
  it('names a stored size as the chips print it', () => {
    expect(sizeWithLabel('xl')).toBe('مقاس XL');
    expect(soldOutSizeLabel('l')).toBe('مقاس L غير متوفر حالياً');
    expect(soldOutSizeLabel('42')).toBe('مقاس 42 غير متوفر حالياً');
  });

  it('points out one or two pieces left, never none or more', () => {
    expect([0, 1, 2, 3].map(isLastPieces)).toEqual([false, true, true, false]);
    expect(lastPiecesText(1)).toBe('آخر قطعة');
    expect(lastPiecesText(2)).toBe('آخر قطعتين');
    expect(lastPiecesText(3)).toBe('آخر 3 قطع');
    expect(lastPiecesText(11)).toBe('آخر 11 قطعة');
  });

  it('counts pieces as Arabic does: one, two, three to ten, eleven and more', () => {
    expect([1, 2, 3, 10, 11, 100].map(piecesText)).toEqual(['قطعة واحدة', 'قطعتان', '3 قطع', '10 قطع', '11 قطعة', '100 قطعة']);
  });
});

describe('a cart line that cannot be ordered as it is', () => {
  it('is a sold-out size first, then a product off sale, then a count above what is left or above the limit per line', () => {
    expect(lineProblem(line(1, 0), 10)).toBe('soldOut');
    expect(lineProblem(line(1, 0, false), 10)).toBe('soldOut');
    expect(lineProblem(line(1, 5, false), 10)).toBe('unavailable');
    expect(lineProblem(line(3, 2), 10)).toBe('tooMany');
    expect(lineProblem(line(2, 2), 10)).toBeNull();
    expect(lineProblem(line(10, 30), 10)).toBeNull();
    expect(lineProblem(line(11, 30), 10)).toBe('overLimit');
    // Fewer left than the limit: what is left is what the shopper can do something about.
    expect(lineProblem(line(11, 4), 10)).toBe('tooMany');
  });

  it('says what to do about it', () => {
    expect(lineProblemText('soldOut', line(1, 0), 10)).toBe('هذا المقاس غير متوفر حالياً، احذفه من العربة لإتمام الشراء');
    expect(lineProblemText('tooMany', line(2, 1), 10)).toBe('المتبقي من هذا المقاس قطعة واحدة فقط، قلّل الكمية لإتمام الشراء');
    expect(lineProblemText('tooMany', line(5, 4), 10)).toBe('المتبقي من هذا المقاس 4 قطع فقط، قلّل الكمية لإتمام الشراء');
    expect(lineProblemText('overLimit', line(12, 30), 10)).toBe('الحد الأقصى 10 قطع من المقاس الواحد في الطلب الواحد، قلّل الكمية لإتمام الشراء');
  });
});
