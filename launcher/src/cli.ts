import { ConfigError } from '@edicola/platform';
import { startAllInOne, type AllInOne } from './all-in-one';
import { startGateway, startWeb } from './distributed';

function banner(shop: AllInOne, vars: NodeJS.ProcessEnv): string {
  const generated = shop.notices.find((n) => n.fields.password);
  const login = generated
    ? `username "${generated.fields.username}", password "${generated.fields.password}"  (shown only this once)`
    : vars.ADMIN_PASSWORD
      ? `username "${vars.ADMIN_USERNAME || 'admin'}" with the password in ADMIN_PASSWORD`
      : 'the staff users created before (add or reset one with `npm run staff` while the shop is stopped)';
  return [
    '',
    '  Edicola is running: all services in one process, demo payment providers.',
    `  Storefront:   ${shop.webUrl}`,
    `  Back office:  ${shop.webUrl}/gestione/login`,
    `  API:          ${shop.apiUrl}   (health: ${shop.apiUrl}/healthz)`,
    `  Data:         ${shop.dataDir}`,
    `  Staff login:  ${login}`,
    '',
    '',
  ].join('\n');
}

async function main(mode: string) {
  if (mode === 'all-in-one') {
    const shop = await startAllInOne();
    process.stdout.write(banner(shop, process.env));
    const stop = () => shop.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else if (mode === 'gateway') {
    await startGateway();
  } else if (mode === 'web') {
    await startWeb();
  } else {
    throw new Error(`unknown mode "${mode}": use all-in-one, gateway or web`);
  }
}

main(process.argv[2] ?? 'all-in-one').catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
});
