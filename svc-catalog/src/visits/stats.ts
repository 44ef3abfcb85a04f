import { sql, type Column, type SQL } from 'drizzle-orm';
import type { VisitStats } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { visits } from '../db/schema';
import { countryName } from './country';

/** Days and weeks are the shop's, in Naples. */
const ZONE = 'Europe/Rome';
const localDay = sql`(${visits.visitedAt} at time zone ${sql.raw(`'${ZONE}'`)})::date`;
const today = sql`(now() at time zone ${sql.raw(`'${ZONE}'`)})::date`;

/** The back office's pages (/gestione and below), the staff's own. */
const staffPage = (page: Column | SQL) =>
  sql`(lower(${page}) = '/gestione' or lower(${page}) like '/gestione/%')`;
/**
 * What counts as a visit (docs/decisions/0034-payment-statistics-and-reset.md): not a back-office page, and not
 * from a visit session that ever opened one (the staff's tab, storefront pages seen from it included). The
 * back-office page views are stored only to know those sessions.
 */
const counted = sql`not ${staffPage(visits.page)} and ${visits.sessionId} not in (
  select staff.session_id from ${visits} as staff where ${staffPage(sql`staff.page`)})`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers (pg and PGlite) answer raw SQL with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The visit statistics of docs/product/records.md#visit-stats, staff sessions and pages left out: totals,
 * distinct visit sessions, today's and this week's (from Monday)
 * visits, the 10 most visited pages, the last 7 days oldest first with empty days as 0, the 10
 * countries with most visits.
 */
export async function visitStats(db: Db): Promise<Omit<VisitStats, 'units_by_channel'>> {
  const [totals] = await rows<{
    total: number;
    unique: number;
    today: number;
    week: number;
    last7: number;
    previous7: number;
  }>(
    db,
    sql`select count(*)::int as total,
               count(distinct ${visits.sessionId})::int as unique,
               (count(*) filter (where ${localDay} = ${today}))::int as today,
               (count(*) filter (where ${localDay} >= date_trunc('week', ${today})::date))::int as week,
               (count(*) filter (where ${localDay} > ${today} - 7))::int as last7,
               (count(*) filter (where ${localDay} > ${today} - 14 and ${localDay} <= ${today} - 7))::int
                 as previous7
          from ${visits} where ${counted}`,
  );
  const pages = await rows<{ page: string; visits: number }>(
    db,
    sql`select ${visits.page} as page, count(*)::int as visits from ${visits} where ${counted}
         group by ${visits.page} order by visits desc, page limit 10`,
  );
  const days = await rows<{ date: string; visits: number }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, count(${visits.id})::int as visits
          from generate_series(${today} - 6, ${today}, interval '1 day') as d
          left join ${visits} on ${localDay} = d::date and ${visits.visitedAt} > now() - interval '8 days'
                and ${counted}
         group by d order by d`,
  );
  const countries = await rows<{ code: string; visits: number }>(
    db,
    sql`select ${visits.countryCode} as code, count(*)::int as visits from ${visits} where ${counted}
         group by ${visits.countryCode} order by visits desc, code limit 10`,
  );
  return {
    total_visits: totals?.total ?? 0,
    unique_visitors: totals?.unique ?? 0,
    today_visits: totals?.today ?? 0,
    this_week_visits: totals?.week ?? 0,
    last_7_days_visits: totals?.last7 ?? 0,
    previous_7_days_visits: totals?.previous7 ?? 0,
    popular_pages: pages,
    visits_by_day: days,
    visits_by_country: countries.map((c) => ({
      country: countryName(c.code),
      country_code: c.code,
      visits: c.visits,
    })),
  };
}
