/** A rating out of five drawn as stars, halves included; read out as "4.5 من 5". */
import { Star } from 'lucide-react';

const STARS = [1, 2, 3, 4, 5];

export function RatingStars({ value, className = 'size-4' }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`التقييم ${value} من 5`} className="inline-flex items-center gap-0.5">
      {STARS.map((star) => {
        const fill = Math.max(0, Math.min(1, value - star + 1));
        return (
          <span key={star} className="relative inline-flex">
            <Star aria-hidden className={`${className} fill-line text-line`} />
            {fill > 0 && (
              // Filled from the start edge: the right in right-to-left text.
              <span className="absolute inset-y-0 start-0 flex justify-start overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden className={`${className} shrink-0 fill-amber-500 text-amber-600`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
