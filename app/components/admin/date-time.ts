/** Dates on the admin pages: staff need the hour too, in the shop's own time zone whatever the server's is. */
import { STORE_TIME_ZONE } from '../../../contracts/constants.ts';

// Western digits, as everywhere else in the shop.
const dateTimeFormat = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { dateStyle: 'long', timeStyle: 'short', timeZone: STORE_TIME_ZONE });

export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}

/** A date for <time>: the ISO instant and the text the page prints, formatted once on the server so hydration agrees. */
export function stamp(date: Date): { iso: string; text: string };
export function stamp(date: Date | null): { iso: string; text: string } | null;
export function stamp(date: Date | null) {
  return date ? { iso: date.toISOString(), text: dateTimeFormat.format(date) } : null;
}
