import { ConfigError } from '@edicola/platform';

/**
 * How shipments run (as payments decide theirs, decision 0020): PACKLINK_MODE `demo` talks to the in-process fake
 * Packlink whatever key is set; `live` talks to Packlink with PACKLINK_API_KEY, and without a key the shipment
 * routes are off (they refuse with 503, nothing is faked). Unset: demo without a key, live with one.
 */
export type ShipmentsMode = 'demo' | 'live' | 'off';

export interface ShipmentModeSettings {
  PACKLINK_MODE?: 'demo' | 'live';
  PACKLINK_API_KEY?: string;
  PACKLINK_FROM_STREET?: string;
  PACKLINK_FROM_ZIP?: string;
  PACKLINK_FROM_CITY?: string;
}

export function resolveShipmentsMode(config: ShipmentModeSettings): ShipmentsMode {
  if (config.PACKLINK_MODE === 'demo') return 'demo';
  const mode = config.PACKLINK_API_KEY ? 'live' : config.PACKLINK_MODE === 'live' ? 'off' : 'demo';
  if (mode === 'live') {
    const missing = (['PACKLINK_FROM_STREET', 'PACKLINK_FROM_ZIP', 'PACKLINK_FROM_CITY'] as const).filter(
      (name) => !config[name],
    );
    if (missing.length) {
      throw new ConfigError(
        missing.map(
          (name) => `${name}: required with PACKLINK_API_KEY (the sender's address on every label)`,
        ),
      );
    }
  }
  return mode;
}

/** The 503 detail of the shipment routes when Packlink is off. */
export const SHIPMENTS_OFF_DETAIL =
  'Spedizioni Packlink non configurate: impostare PACKLINK_API_KEY (o PACKLINK_MODE=demo)';
