/** What the package sent with a courier says it holds, as Bosta prints it on the airway bill. */
import { describe, expect, it } from 'vitest';
import { PACKAGE_DESCRIPTION_MAX, packageDescription } from '../../core/couriers/shipments.ts';

const line = (title: string, size: string, count = 1, colorName: string | null = null) => ({ title, colorName, size, count });

describe('the package description', () => {
  it('names each line with its pieces, its colour when it has one, and its size in capitals', () => {
    expect(packageDescription(1234, [line('تيشيرت قطن', 'm', 2, 'كحلي'), line('بنطلون جينز', '32')])).toBe(
      'طلب رقم #1234: تيشيرت قطن × 2 (لون كحلي، مقاس M)، بنطلون جينز × 1 (مقاس 32)',
    );
    expect(packageDescription(1235, [line('شورت قطن', 'xl')])).toBe('طلب رقم #1235: شورت قطن × 1 (مقاس XL)');
  });

  it(`stays within ${PACKAGE_DESCRIPTION_MAX} characters, counting the lines it has no room to name`, () => {
    const lines = Array.from({ length: 12 }, (_, i) => line(`${'جاكيت شتوي مبطن رجالي بسوستة '.repeat(2)}${i + 1}`, 'l', 1, 'رمادي فاتح'));
    const text = packageDescription(1236, lines);
    expect(text.length).toBeLessThanOrEqual(PACKAGE_DESCRIPTION_MAX);
    const named = text.split('، مقاس L)').length - 1;
    expect(named).toBeGreaterThan(1);
    expect(named).toBeLessThan(12);
    expect(text.endsWith(`، وأصناف أخرى: ${12 - named}`)).toBe(true);
  });
});
