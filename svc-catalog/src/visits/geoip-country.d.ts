// geoip-country ships its data (GeoLite2 Country) inside the package and no types of its own.
declare module 'geoip-country' {
  export function lookup(ip: string): { country: string } | null;
}
