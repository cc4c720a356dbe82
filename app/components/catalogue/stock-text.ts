/** How the shop's pages name a size and count the pieces left of it, in Arabic. */
import { LAST_PIECES_HINT, sizeName } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';

/** "مقاس XL": a size named in a sentence. */
export function sizeWithLabel(size: string): string {
  return `${MSG.sizeLabel} ${sizeName(size)}`;
}

/** The accessible name of a sold-out size's chip. */
export function soldOutSizeLabel(size: string): string {
  return `${sizeWithLabel(size)} غير متوفر حالياً`;
}

/** True for a size with a few pieces left, which the product page points out. */
export function isLastPieces(pieces: number): boolean {
  return pieces > 0 && pieces <= LAST_PIECES_HINT;
}

/** "آخر قطعة", "آخر قطعتين", "آخر 3 قطع", "آخر 11 قطعة". */
export function lastPiecesText(pieces: number): string {
  if (pieces === 1) return 'آخر قطعة';
  if (pieces === 2) return 'آخر قطعتين';
  return `آخر ${pieces} ${pieces <= 10 ? 'قطع' : 'قطعة'}`;
}

/** A number of pieces as Arabic counts them: "قطعة واحدة", "قطعتان", "3 قطع", "11 قطعة". */
export function piecesText(pieces: number): string {
  if (pieces === 1) return 'قطعة واحدة';
  if (pieces === 2) return 'قطعتان';
  return `${pieces} ${pieces >= 3 && pieces <= 10 ? 'قطع' : 'قطعة'}`;
}
