/** A line's colour beside its size, as the dashboard names a pair: "كحلي · M", or "M" alone without a colour. */
import { sizeName } from '../../../contracts/constants.ts';
import { Ltr } from '../../lib/format.tsx';

export function ColorAndSize({ colorName, size }: { colorName: string | null | undefined; size: string }) {
  return (
    <>
      {colorName && (
        <>
          <bdi>{colorName}</bdi> ·{' '}
        </>
      )}
      <Ltr>{sizeName(size)}</Ltr>
    </>
  );
}
