/**
 * The shop's wall-clock time (Africa/Cairo): the year the footer shows, and `datetime-local`
 * fields, where what staff type is the time in Cairo, whatever the server's or the browser's
 * zone is.
 */
import { STORE_TIME_ZONE } from '../../contracts/constants.ts';

const yearFormat = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric' });

/** The year it is in Cairo at an instant: already the new year there two hours before London. */
export function storeYear(date: Date): number {
  return Number(yearFormat.format(date));
}

const partsFormat = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as a `datetime-local` value in Cairo time ("2026-11-26T14:30"). */
export function toStoreLocalInput(date: Date): string {
  const p = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * A `datetime-local` value read as Cairo time, as an ISO instant; anything else is returned as
 * typed, for the schema to refuse. Cairo's offset is found by asking what wall time a guess
 * shows, twice so a summer-time change between the guess and the answer is followed.
 */
export function fromStoreLocalInput(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return value;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let instant = wall;
  for (let i = 0; i < 2; i++) instant -= Date.parse(`${toStoreLocalInput(new Date(instant))}:00Z`) - wall;
  return new Date(instant).toISOString();
}
