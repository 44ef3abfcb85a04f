import { centsToEuros, type PaymentStats } from '@edicola/contracts';
import type { Db } from '@edicola/platform';
import { nextMonthFirst, takingsFacts } from '../exports/takings';
import { romeToday } from '../orders/rome-time';

interface Figures {
  orders: Set<string>;
  cents: number;
}

const figures = (): Figures => ({ orders: new Set(), cents: 0 });

interface Periods {
  month: string;
  previousMonth: string;
  year: string;
}

/** The month (YYYY-MM) before another. */
function monthBefore(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/**
 * The takings facts of this year and of the previous month, per payment method and period: the orders whose money
 * was taken in the period and what was taken less what was refunded in it; and each day's net amount.
 */
async function tally(db: Db, periods: Periods, demo: boolean) {
  const yearStart = `${periods.year}-01-01`;
  const previousStart = `${periods.previousMonth}-01`;
  const from = previousStart < yearStart ? previousStart : yearStart;
  const to = nextMonthFirst(periods.month);
  const methods = new Map<string, Record<'month' | 'previous' | 'year', Figures>>();
  const channels = new Map<string, Record<'month' | 'previous' | 'year', Figures>>();
  const days = new Map<string, number>();
  for await (const facts of takingsFacts(db, from, to, { demo })) {
    for (const fact of facts) {
      const cents = fact.kind === 'taken' ? fact.gross : -fact.gross;
      for (const [groups, key] of [
        [methods, fact.method],
        [channels, fact.channel],
      ] as const) {
        let group = groups.get(key);
        if (!group) {
          group = { month: figures(), previous: figures(), year: figures() };
          groups.set(key, group);
        }
        const inPeriods = [
          fact.day.startsWith(periods.month) && group.month,
          fact.day.startsWith(periods.previousMonth) && group.previous,
          fact.day.startsWith(periods.year) && group.year,
        ];
        for (const period of inPeriods) {
          if (!period) continue;
          period.cents += cents;
          if (fact.kind === 'taken') period.orders.add(fact.orderId);
        }
      }
      days.set(fact.day, (days.get(fact.day) ?? 0) + cents);
    }
  }
  return { methods, channels, days };
}

const sum = (all: Figures[]) => ({
  count: all.reduce((n, f) => n + f.orders.size, 0),
  cents: all.reduce((n, f) => n + f.cents, 0),
});

/**
 * The payment statistics of this month and this year (Europe/Rome), per payment method and per channel (web,
 * counter), from the takings facts the
 * takings export adds up (exports/takings.ts): an order counts in the period its money was taken, a refund takes its
 * amount out of the period it was given back in. Demo payments are summed apart, never in the real figures. For the
 * charts: the previous month's figures and each day's net amount of this month beside the same day of the previous.
 */
export async function paymentStats(db: Db, now = new Date()): Promise<PaymentStats> {
  const today = romeToday(now);
  const month = today.slice(0, 7);
  const periods = { month, previousMonth: monthBefore(month), year: today.slice(0, 4) };
  const real = await tally(db, periods, false);
  const demo = await tally(db, periods, true);

  const methods = [...real.methods.entries()]
    .map(([method, f]) => ({ method, ...f }))
    .filter(
      (m) => m.month.orders.size > 0 || m.month.cents !== 0 || m.year.orders.size > 0 || m.year.cents !== 0,
    )
    .sort((a, b) => b.year.cents - a.year.cents || a.method.localeCompare(b.method));
  const all = [...real.methods.values()];
  const monthTotal = sum(all.map((f) => f.month));
  const yearTotal = sum(all.map((f) => f.year));
  const previousTotal = sum(all.map((f) => f.previous));
  const demoValues = [...demo.methods.values()];
  const demoMonth = sum(demoValues.map((f) => f.month));
  const demoYear = sum(demoValues.map((f) => f.year));

  const [y, m] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const dayOf = (prefix: string, day: number) =>
    centsToEuros(real.days.get(`${prefix}-${String(day).padStart(2, '0')}`) ?? 0);
  return {
    current_month: m,
    current_year: y,
    total_orders_this_month: monthTotal.count,
    total_revenue_this_month: centsToEuros(monthTotal.cents),
    total_orders_this_year: yearTotal.count,
    total_revenue_this_year: centsToEuros(yearTotal.cents),
    payment_methods: methods.map((method) => ({
      payment_method: method.method,
      monthly_count: method.month.orders.size,
      monthly_amount: centsToEuros(method.month.cents),
      yearly_count: method.year.orders.size,
      yearly_amount: centsToEuros(method.year.cents),
    })),
    by_channel: (['web', 'counter', 'ebay'] as const).map((channel) => {
      const f = real.channels.get(channel);
      return {
        channel,
        monthly_count: f?.month.orders.size ?? 0,
        monthly_amount: centsToEuros(f?.month.cents ?? 0),
        yearly_count: f?.year.orders.size ?? 0,
        yearly_amount: centsToEuros(f?.year.cents ?? 0),
      };
    }),
    demo_payments: {
      monthly_count: demoMonth.count,
      monthly_amount: centsToEuros(demoMonth.cents),
      yearly_count: demoYear.count,
      yearly_amount: centsToEuros(demoYear.cents),
    },
    total_orders_previous_month: previousTotal.count,
    total_revenue_previous_month: centsToEuros(previousTotal.cents),
    revenue_by_day: Array.from({ length: daysInMonth }, (_, i) => ({
      day: i + 1,
      amount: dayOf(month, i + 1),
      previous_amount: dayOf(periods.previousMonth, i + 1),
    })),
  };
}
