// The RT prints and answers the shop's local time (Europe/Rome) to the minute, without a zone.

export interface RomeTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The shop's wall clock at an instant. */
export function romeTime(at: Date): RomeTime {
  const value = (type: string) => Number(parts.formatToParts(at).find((p) => p.type === type)!.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
  };
}

/** The instant of a wall-clock time in Rome (the earlier one when the clock goes back in October). */
export function romeInstant(time: RomeTime): Date {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute);
  let guess = asUtc;
  // Two corrections by the zone's offset at the guess settle it (Rome is UTC+1 or UTC+2).
  for (let i = 0; i < 2; i++) {
    const seen = romeTime(new Date(guess));
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenAsUtc;
  }
  return new Date(guess);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "29/11/2026" and "10:15", as the RT's answers write them. */
export const romeDateSlash = (t: RomeTime) => `${pad(t.day)}/${pad(t.month)}/${t.year}`;
export const romeClock = (t: RomeTime) => `${pad(t.hour)}:${pad(t.minute)}`;
/** "29112026", as a return quotes its original's date. */
export const romeDateCompact = (t: RomeTime) => `${pad(t.day)}${pad(t.month)}${t.year}`;
/** "29-11-2026 10:15", as the paper shows it. */
export const romePaper = (t: RomeTime) => `${pad(t.day)}-${pad(t.month)}-${t.year} ${romeClock(t)}`;

/** The Rome day before or after, at the same wall-clock time. */
export function romeDayShift(t: RomeTime, days: number): RomeTime {
  const d = new Date(Date.UTC(t.year, t.month - 1, t.day + days));
  return { ...t, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
