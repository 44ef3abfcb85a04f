import { z } from 'zod';

/** POST /analytics/visit: one page view; session_id is the visit session kept in sessionStorage. */
export const VisitRequest = z.object({
  page_url: z.string().trim().min(1, 'page_url è obbligatorio').max(2048),
  page_title: z.string().trim().max(300).nullish(),
  referrer: z.string().trim().max(2048).nullish(),
  session_id: z.string().trim().min(1, 'session_id è obbligatorio').max(128),
});
export type VisitRequest = z.input<typeof VisitRequest>;

export const VisitRecorded = z.object({ recorded: z.literal(true) });

/** Country of visits whose origin is not known (private addresses, no data). */
export const UNKNOWN_COUNTRY_CODE = 'XX';

/**
 * GET /analytics/stats (staff), SPEC §3 Visit statistics. Days are Europe/Rome days; the week starts on
 * Monday; visits_by_day holds the last 7 days oldest first, days without visits included; countries are
 * named in Italian, with ISO 3166 codes (XX when unknown).
 */
export const VisitStats = z.object({
  total_visits: z.number().int().nonnegative(),
  unique_visitors: z.number().int().nonnegative(),
  today_visits: z.number().int().nonnegative(),
  this_week_visits: z.number().int().nonnegative(),
  popular_pages: z.array(z.object({ page: z.string(), visits: z.number().int().nonnegative() })),
  visits_by_day: z.array(z.object({ date: z.string(), visits: z.number().int().nonnegative() })),
  visits_by_country: z.array(
    z.object({ country: z.string(), country_code: z.string(), visits: z.number().int().nonnegative() }),
  ),
});
export type VisitStats = z.infer<typeof VisitStats>;
