import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTelemetry, telemetryEnabled } from './start';

/**
 * `import '@edicola/platform/dist/telemetry/register'` as the first line of a service's entry point: starts tracing
 * (when OTEL_EXPORTER_OTLP_ENDPOINT is set) before the service's modules load, named after the service's package
 * (`@edicola/svc-orders` → `svc-orders`). Loads nothing else when telemetry is off.
 */
function packageNameOf(file: string | undefined): string | undefined {
  let dir = file ? path.dirname(file) : process.cwd();
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      return name?.replace(/^@edicola\//, '');
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

if (telemetryEnabled()) startTelemetry(packageNameOf(require.main?.filename) ?? 'edicola');
