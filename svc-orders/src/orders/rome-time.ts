/**
 * The shop's days are Naples' days (Europe/Rome): the list's date filters, the export's dates and the takings per
 * day. Intl carries the time-zone rules, summer time included.
 */
const ROME = 'Europe/Rome';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ROME,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function romeFields(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const out: Record<string, number> = {};
  for (const part of parts.formatToParts(at))
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Milliseconds Rome is ahead of UTC at that instant (1 or 2 hours). */
function romeOffsetMs(at: Date): number {
  const f = romeFields(at);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Rome day (YYYY-MM-DD) begins. */
export function romeDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  let at = new Date(midnightUtc - romeOffsetMs(new Date(midnightUtc)));
  // Near a change of offset the first guess may be an hour off: correct it with the offset at the guess.
  at = new Date(midnightUtc - romeOffsetMs(at));
  return at;
}

/** The day after (YYYY-MM-DD), calendar arithmetic. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The Rome day of an instant, YYYY-MM-DD. */
export function romeDay(at: Date): string {
  const f = romeFields(at);
  return `${f.year}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
}

/** dd/mm/yyyy, as Italian Excel reads a date. */
export function italianDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Today in Rome, YYYY-MM-DD. */
export const romeToday = (now = new Date()) => romeDay(now);
