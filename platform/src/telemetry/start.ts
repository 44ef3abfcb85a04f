import type { Telemetry, TelemetryOptions } from './sdk';

export type { Telemetry, TelemetryOptions };

/**
 * Telemetry is on when an OTLP endpoint is given (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces-only
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function telemetryEnabled(vars: NodeJS.ProcessEnv = process.env): boolean {
  if ((vars.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  if ((vars.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return false;
  return Boolean(vars.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

let running: Telemetry | null = null;

/**
 * Starts tracing for this process when telemetry is on, and returns null — having loaded nothing of the SDK — when it
 * is off. Call it before anything requires http, express or pg (the entry points import ./register first), so
 * that the instrumentations can patch them. A second call returns the running instance.
 */
export function startTelemetry(
  serviceName: string,
  vars: NodeJS.ProcessEnv = process.env,
  options: TelemetryOptions = {},
): Telemetry | null {
  if (running) return running;
  if (!options.exporter && !telemetryEnabled(vars)) return null;
  // Required here, not imported at the top: with telemetry off not one SDK module is loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof import('./sdk');
  const telemetry = startSdk(serviceName, options);
  running = {
    flush: () => telemetry.flush(),
    async shutdown() {
      running = null;
      await telemetry.shutdown();
    },
  };
  return running;
}

/** The running telemetry, if any (stopping a process flushes it). */
export function runningTelemetry(): Telemetry | null {
  return running;
}
