/**
 * A rating out of five drawn as stars, halves included; read out as "4.5 من 5". Two elements:
 * a row of five grey stars and, over it from the start edge (the right in right-to-left text),
 * the gold stars as wide as the rating. The stars are pictures in the stylesheet
 * (app/components/icons/css-plugin.ts).
 */
export function RatingStars({ value }: { value: number }) {
  const share = Math.max(0, Math.min(5, value)) / 5;
  return (
    <span role="img" aria-label={`التقييم ${value} من 5`} className="rating-stars relative inline-block shrink-0">
      {share > 0 && <span className="rating-stars-fill absolute inset-y-0 start-0" style={{ width: `${share * 100}%` }} />}
    </span>
  );
}
