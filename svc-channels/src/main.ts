// First: NODE_ENV defaults to production, then tracing starts (OTEL_EXPORTER_OTLP_ENDPOINT set) before anything it
// instruments is loaded.
import '@edicola/platform/dist/production-default';
import '@edicola/platform/dist/telemetry/register';
import { runStandalone } from '@edicola/platform';
import { createChannelsService } from './service';

void runStandalone(createChannelsService('standalone'));
