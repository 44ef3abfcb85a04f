// Imported first by cli.ts: starts tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) before the modules it
// instruments (http, pg) are loaded; loads nothing of the SDK otherwise.
import { startTelemetry, telemetryEnabled } from '@edicola/platform/dist/telemetry/start';

/** service.name of each launcher mode (in `all-in-one` each service's own spans carry their service's name). */
export function serviceNameOf(mode: string | undefined, vars: NodeJS.ProcessEnv = process.env): string {
  switch (mode ?? 'all-in-one') {
    case 'gateway':
      return 'gateway';
    case 'web':
      return 'storefront';
    case 'slice':
      return vars.SLICE_NAME ?? 'slice';
    default:
      return 'edicola';
  }
}

if (telemetryEnabled()) startTelemetry(serviceNameOf(process.argv[2]));
