import '@edicola/platform/dist/production-default';
import './telemetry';
import { ConfigError, runningTelemetry, usePrivateUmask } from '@edicola/platform';
import { paymentBannerLines, startAllInOne, type AllInOne } from './all-in-one';
import { startGateway, startSlice, startWeb } from './distributed';

function banner(shop: AllInOne, vars: NodeJS.ProcessEnv): string {
  const generated = shop.notices.find((n) => n.fields.password);
  const login = generated
    ? `username "${generated.fields.username}", password "${generated.fields.password}"  (shown only this once)`
    : vars.ADMIN_PASSWORD
      ? `username "${vars.ADMIN_USERNAME || 'admin'}" with the password in ADMIN_PASSWORD`
      : 'the staff users created before (add or reset one with `npm run staff` while the shop is stopped)';
  return [
    '',
    `  Edicola is running: all services in one process, payments in ${shop.payments.mode.toUpperCase()} mode.`,
    `  Storefront:   ${shop.webUrl}`,
    `  Back office:  ${shop.webUrl}/gestione/login`,
    `  API:          ${shop.apiUrl}   (health: ${shop.apiUrl}/healthz)`,
    `  Data:         ${shop.dataDir}`,
    `  Staff login:  ${login}`,
    '  Payments:',
    ...paymentBannerLines(shop.payments),
    '',
    '',
  ].join('\n');
}

/** The last spans leave before the process does. */
const flushed = () =>
  runningTelemetry()
    ?.shutdown()
    .catch(() => undefined);

async function main(mode: string) {
  usePrivateUmask();
  if (mode === 'all-in-one') {
    const shop = await startAllInOne();
    process.stdout.write(banner(shop, process.env));
    const stop = () =>
      shop
        .stop()
        .then(flushed)
        .then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else if (mode === 'gateway') {
    const gateway = await startGateway();
    const stop = () =>
      gateway
        .stop()
        .then(flushed)
        .then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else if (mode === 'web') {
    const web = await startWeb();
    const stop = () => web.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else if (mode === 'slice') {
    const slice = await startSlice();
    const stop = () => slice.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else {
    throw new Error(`unknown mode "${mode}": use all-in-one, gateway, web or slice`);
  }
}

main(process.argv[2] ?? 'all-in-one').catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
