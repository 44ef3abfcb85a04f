/**
 * The release hour of an article (docs/product/release-hour.md): the instant it goes on sale, set by staff as a
 * Rome wall-clock time, and the per-buyer limit. No zod here: the storefront's countdown imports it.
 */
const ROME = 'Europe/Rome';

/** Units one buyer may have of a pre-sale article when the form leaves the limit empty (docs/decisions/0065). */
export const DEFAULT_PRESALE_MAX_PER_BUYER = 2;
/** The highest per-buyer limit the form accepts. */
export const MAX_PER_BUYER_LIMIT = 999;

const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ROME,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Rome wall clock at an instant, as YYYY-MM-DDTHH:MM (what a datetime-local input shows). */
export function romeLocalTime(at: Date): string {
  const f: Record<string, string> = {};
  for (const part of romeParts.formatToParts(at)) if (part.type !== 'literal') f[part.type] = part.value;
  return `${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}`;
}

/** Milliseconds Rome is ahead of UTC at that instant (1 or 2 hours). */
function romeOffsetMs(at: Date): number {
  const f: Record<string, number> = {};
  for (const part of romeParts.formatToParts(at))
    if (part.type !== 'literal') f[part.type] = Number(part.value);
  const asUtc = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant of a Rome wall-clock time (YYYY-MM-DDTHH:MM[:SS]); an ISO time with its offset or Z is read as it
 * is. Null when the text is no such time.
 */
export function instantOfRomeTime(text: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text);
  if (!local) {
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
      ? new Date(text)
      : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  }
  const [y, mo, d, h, mi, s] = local.slice(1).map((v) => Number(v ?? 0)) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (new Date(wall).getUTCDate() !== d || h! > 23) return null;
  // Near a change of offset the first guess may be an hour off: correct it with the offset at the guess.
  let at = new Date(wall - romeOffsetMs(new Date(wall)));
  at = new Date(wall - romeOffsetMs(at));
  return at;
}

/** Whether an article with this `sale_starts_at` is on sale at `now` (no release hour: always). */
export function onSale(saleStartsAt: string | null, now: number): boolean {
  return saleStartsAt === null || Date.parse(saleStartsAt) <= now;
}

/** The time left until the release, split for a countdown (all zero once it has passed). */
export function timeLeft(saleStartsAt: string, now: number) {
  const total = Math.max(0, Math.floor((Date.parse(saleStartsAt) - now) / 1000));
  return {
    total,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** The 409 detail of an order before the release hour. */
export function notYetOnSaleDetail(title: string, saleStartsAt: Date): string {
  const [day, time] = romeLocalTime(saleStartsAt).split('T') as [string, string];
  const [y, m, d] = day.split('-');
  return `"${title}" è in vendita dal ${d}/${m}/${y} alle ${time} (ora italiana): non si può ancora ordinare`;
}

/** The 409 detail of an order beyond the per-buyer limit. */
export function perBuyerLimitDetail(title: string, limit: number, already: number): string {
  return already > 0
    ? `Puoi acquistare al massimo ${limit} pezzi di "${title}" e ne hai già ordinati ${already}`
    : `Puoi acquistare al massimo ${limit} pezzi di "${title}"`;
}
