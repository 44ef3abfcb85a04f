// First: starts tracing (OTEL_EXPORTER_OTLP_ENDPOINT set) before anything it instruments is loaded.
import '@edicola/platform/dist/telemetry/register';
import { runStandalone } from '@edicola/platform';
import { notifyService } from './service';

void runStandalone(notifyService);
