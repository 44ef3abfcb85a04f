import { SERVICES } from './shop';
import { labelsOf, type Manifest } from './workloads';

/** Prometheus scrapes every service's /metrics (the gateway never routes it; the pods are reached directly). */
export function serviceMonitor(): Manifest {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: { name: 'edicola-services', labels: labelsOf('edicola') },
    spec: {
      selector: {
        matchExpressions: [
          { key: 'app.kubernetes.io/name', operator: 'In', values: SERVICES.map((s) => s.name) },
        ],
      },
      endpoints: [{ port: 'http', path: '/metrics', interval: '30s' }],
    },
  };
}

const alert = (
  name: string,
  expr: string,
  forDuration: string,
  severity: string,
  summary: string,
  action: string,
) => ({
  alert: name,
  expr,
  for: forDuration,
  labels: { severity },
  annotations: { summary, runbook: `docs/operations.md: ${action}` },
});

/**
 * The alerts of docs/operations.md. Figures read from a service's tables are the same on every replica: they
 * are taken with max, not sum.
 */
export function alertRules(): Manifest {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'edicola', labels: labelsOf('edicola') },
    spec: {
      groups: [
        {
          name: 'edicola',
          rules: [
            alert(
              'EdicolaDeadLetters',
              'max by (service, type) (edicola_dead_letters_waiting) > 0',
              '5m',
              'warning',
              '{{ $labels.service }} gave up on {{ $value }} {{ $labels.type }} event(s)',
              'Dead letters',
            ),
            alert(
              'EdicolaOutboxStuck',
              'max by (service) (edicola_outbox_oldest_unpublished_seconds) > 120',
              '5m',
              'critical',
              '{{ $labels.service }} has not published an event for {{ $value }} s (broker down, or no relay running)',
              'Logs and alerts, "event publish failed"',
            ),
            alert(
              'EdicolaJobsParked',
              'max by (service, name) (edicola_jobs{state="parked"}) > 0',
              '10m',
              'warning',
              '{{ $labels.service }}: {{ $value }} {{ $labels.name }} job(s) gave up',
              'Logs and alerts, "job parked after its last attempt"',
            ),
            alert(
              'EdicolaPaymentFailures',
              'sum by (method) (max by (method, state) (edicola_payments_last_hour{state="failed"})) / clamp_min(sum by (method) (max by (method, state) (edicola_payments_last_hour)), 1) > 0.5 and sum by (method) (max by (method, state) (edicola_payments_last_hour)) >= 5',
              '15m',
              'warning',
              'More than half of the {{ $labels.method }} payments of the last hour failed',
              'Payments',
            ),
            alert(
              'EdicolaServerErrors',
              'sum by (service) (rate(edicola_http_request_duration_seconds_count{status="5xx"}[5m])) / clamp_min(sum by (service) (rate(edicola_http_request_duration_seconds_count[5m])), 0.001) > 0.05',
              '10m',
              'critical',
              '{{ $labels.service }} answers 5xx to {{ $value | humanizePercentage }} of its requests',
              'Logs and alerts, "request failed"',
            ),
          ],
        },
      ],
    },
  };
}

const panel = (
  id: number,
  title: string,
  expr: string,
  legend: string,
  x: number,
  y: number,
  unit = 'short',
) => ({
  id,
  title,
  type: 'timeseries',
  gridPos: { h: 8, w: 12, x, y },
  fieldConfig: { defaults: { unit }, overrides: [] },
  targets: [{ expr, legendFormat: legend, refId: 'A' }],
});

/** A Grafana dashboard, as a ConfigMap the Grafana sidecar loads (label grafana_dashboard). */
export function dashboard(): Manifest {
  const board = {
    title: 'Edicola',
    uid: 'edicola',
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    panels: [
      panel(
        1,
        'Requests per second by service',
        'sum by (service) (rate(edicola_http_request_duration_seconds_count[5m]))',
        '{{service}}',
        0,
        0,
        'reqps',
      ),
      panel(
        2,
        'p95 latency by service',
        'histogram_quantile(0.95, sum by (service, le) (rate(edicola_http_request_duration_seconds_bucket[5m])))',
        '{{service}}',
        12,
        0,
        's',
      ),
      panel(
        3,
        '5xx per second',
        'sum by (service) (rate(edicola_http_request_duration_seconds_count{status="5xx"}[5m]))',
        '{{service}}',
        0,
        8,
        'reqps',
      ),
      panel(
        4,
        'Outbox: oldest unpublished event',
        'max by (service) (edicola_outbox_oldest_unpublished_seconds)',
        '{{service}}',
        12,
        8,
        's',
      ),
      panel(
        5,
        'Dead letters waiting',
        'max by (service, type) (edicola_dead_letters_waiting)',
        '{{service}} {{type}}',
        0,
        16,
      ),
      panel(
        6,
        'Jobs retrying or parked',
        'max by (service, name, state) (edicola_jobs{state=~"retrying|parked"})',
        '{{service}} {{name}} {{state}}',
        12,
        16,
      ),
      panel(7, 'Orders by status', 'max by (status) (edicola_orders)', '{{status}}', 0, 24),
      panel(
        8,
        'Takings (paid orders)',
        'sum by (method) (max by (method) (edicola_revenue_euros))',
        '{{method}}',
        12,
        24,
        'currencyEUR',
      ),
      panel(
        9,
        'Payment attempts, last hour',
        'max by (method, state) (edicola_payments_last_hour)',
        '{{method}} {{state}}',
        0,
        32,
      ),
      panel(
        10,
        'Database pool',
        'sum by (service, state) (edicola_db_pool_connections)',
        '{{service}} {{state}}',
        12,
        32,
      ),
    ],
  };
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'edicola-dashboard', labels: { ...labelsOf('edicola'), grafana_dashboard: '1' } },
    data: { 'edicola.json': JSON.stringify(board, null, 2) },
  };
}
