// `npm run bench:orders`: orders through the gateway on README's distributed mode — each service its own process
// with its own PostgreSQL database (throw-away databases on BENCH_PG_URL), RabbitMQ (AMQP_URL) and the gateway —
// 32 buyers for BENCH_SECONDS (default 20) after a 2 s warm-up. Reports orders/s, p50/p99, errors, oversold units
// and units held without an order, with the machine's load average; writes bench/results/orders-distributed.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOrders } from './orders.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
const TARGET = { orders_per_s: 150, p99_ms: 500, errors: 0, oversell: 0, leaked_units: 0 };

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const buyers = Number(process.env.BENCH_BUYERS ?? 32);
const before = loadAverage();
const result = await benchOrders('distributed', { buyers, seconds });
const report = {
  date: new Date().toISOString(),
  load_average_before: before,
  load_average_after: loadAverage(),
  ...result,
  target: TARGET,
};
const met =
  result.orders_per_s >= TARGET.orders_per_s &&
  result.p99_ms < TARGET.p99_ms &&
  result.errors === 0 &&
  result.oversell === 0 &&
  result.negative_stock_articles === 0 &&
  result.leaked_units === 0;
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/orders-distributed.json'), JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
console.log(met ? 'all targets met' : 'SOME TARGETS MISSED');
