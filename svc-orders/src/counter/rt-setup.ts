import { RtMode, type DemoRtJournal } from '@edicola/contracts';
import type { Logger } from '@edicola/platform';
import { DEMO_SHOP_FISCAL, type ShopFiscalState } from '../invoices/shop-fiscal';
import { FakeRt } from './rt/fake-rt';
import { fiscalPrinter, type FiscalPrinter } from './rt/fiscal-printer';
import { printerSettingsFrom, rtSettings as printerSettings, type RtConfig } from './rt/rt-settings';

/** svc-orders' settings of the counter's RT (docs/product/counter.md#fiscal-receipt). */
export const rtSettings = {
  /**
   * `demo`: a fake Epson RT inside the process (the all-in-one shop's default); `live`: the shop's RT at RT_URL;
   * `off`: no RT, receipts printed with the shop's own register (the default of a service started on its own).
   */
  RT_MODE: RtMode.optional(),
  ...printerSettings,
};

export interface CounterRt {
  mode: RtMode;
  printer: FiscalPrinter | null;
  /** The demo RT's paper roll (demo only). */
  demoJournal: (() => DemoRtJournal) | null;
  close(): Promise<void>;
}

/** The counter's printer for the configured mode; a live RT without its address or serial stops the start. */
export function counterRtFrom(
  config: RtConfig & { RT_MODE?: RtMode },
  options: { embedded: boolean; shopFiscal: ShopFiscalState; logger: Logger },
): CounterRt {
  const mode = config.RT_MODE ?? (options.embedded ? 'demo' : 'off');
  if (mode === 'off') {
    options.logger.warn(
      'RT_MODE=off: counter sales are recorded without a receipt (print it with the shop’s register)',
    );
    return { mode, printer: null, demoJournal: null, close: async () => undefined };
  }
  if (mode === 'live') {
    return {
      mode,
      printer: fiscalPrinter(printerSettingsFrom(config, mode)),
      demoJournal: null,
      close: async () => undefined,
    };
  }
  const shop = options.shopFiscal.ok ? options.shopFiscal.shop : DEMO_SHOP_FISCAL;
  const rt = new FakeRt({ shop });
  options.logger.warn(
    'the counter prints on a DEMO fiscal printer inside the process (RT_MODE=demo): no receipt has fiscal value',
  );
  return {
    mode,
    printer: fiscalPrinter(printerSettingsFrom(config, mode, rt)),
    demoJournal: () => rt.journal(),
    close: () => rt.close(),
  };
}
