import type { Request } from 'express';
import { lookup } from 'geoip-country';
import { UNKNOWN_COUNTRY_CODE } from '@edicola/contracts';

const ISO_CODE = /^[A-Z]{2}$/;
/** Codes that name no country: Cloudflare's unknown (XX) and Tor (T1). */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

export interface CountrySource {
  /** A header a trusted proxy sets with the visitor's country (e.g. CF-IPCountry); empty for none. */
  header?: string;
}

/**
 * The visitor's country code (ISO 3166-1 alpha-2, or XX): from the configured proxy header when the
 * request really came through a trusted proxy, else from the geolocation database shipped in the
 * geoip-country package, by client address. Private and loopback addresses map to no country.
 */
export function countryOf(req: Request, source: CountrySource): string {
  if (source.header) {
    const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    const value = req.get(source.header)?.trim().toUpperCase();
    if (value && trusted(req.socket.remoteAddress ?? '', 0)) {
      return ISO_CODE.test(value) && !NOT_A_COUNTRY.has(value) ? value : UNKNOWN_COUNTRY_CODE;
    }
  }
  const ip = req.ip?.replace(/^::ffff:/, '');
  const found = ip ? lookup(ip)?.country : undefined;
  return found && ISO_CODE.test(found) ? found : UNKNOWN_COUNTRY_CODE;
}

const names = new Intl.DisplayNames(['it'], { type: 'region' });

/** The Italian name of a country code ('Sconosciuto' for XX). */
export function countryName(code: string): string {
  if (code === UNKNOWN_COUNTRY_CODE) return 'Sconosciuto';
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
