/**
 * Reading Stripe's form-encoded parameters (already parsed into nested objects of strings, as
 * `line_items[0][price_data][unit_amount]=1999` becomes) with Stripe's own validation errors.
 */

export type StripeErrorType =
  'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error' | 'authentication_error';

/** An error answered in Stripe's shape: `{error: {type, code, message, param}}`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toJSON() {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}

export type Params = Record<string, unknown>;

export function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function missing(param: string): StripeApiError {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** Stripe refuses parameters it does not know, which catches misspelt ones early. */
export function rejectUnknown(params: Params, known: readonly string[], prefix = ''): void {
  const unknown = Object.keys(params).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    const name = prefix ? `${prefix}[${unknown}]` : unknown;
    throw invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
  }
}

export function optionalString(params: Params, key: string, name = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name, 'parameter_invalid_string');
  return value;
}

export function requiredString(params: Params, key: string, name = key): string {
  const value = optionalString(params, key, name);
  if (value === undefined || value === '') throw missing(name);
  return value;
}

export function optionalInteger(params: Params, key: string, name = key): number | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalid(`Invalid integer: ${String(value)}`, name, 'parameter_invalid_integer');
  }
  return Number(value);
}

export function requiredInteger(params: Params, key: string, name = key): number {
  const value = optionalInteger(params, key, name);
  if (value === undefined) throw missing(name);
  return value;
}

export function optionalObject(params: Params, key: string, name = key): Params | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`Invalid object`, name, 'parameter_invalid_object');
  }
  return value as Params;
}

/** Arrays arrive as `key[0]=..&key[1]=..`; the parser gives an array (or an object for sparse indexes). */
export function optionalArray(params: Params, key: string, name = key): unknown[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.values(value);
  throw invalid(`Invalid array`, name, 'parameter_invalid_array');
}

export function optionalStringArray(params: Params, key: string): string[] | undefined {
  const values = optionalArray(params, key);
  values?.forEach((value, i) => {
    if (typeof value !== 'string') throw invalid(`Invalid string: ${key}[${i}]`, `${key}[${i}]`);
  });
  return values as string[] | undefined;
}

export function metadata(params: Params, key = 'metadata', name = key): Record<string, string> {
  const value = optionalObject(params, key, name) ?? {};
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', name);
  for (const [k, v] of entries) {
    if (typeof v !== 'string') throw invalid(`Invalid string: ${name}[${k}]`, `${name}[${k}]`);
    if (k.length > 40) throw invalid('Metadata keys can have at most 40 characters.', `${name}[${k}]`);
    if (v.length > 500) throw invalid('Metadata values can have at most 500 characters.', `${name}[${k}]`);
  }
  return value as Record<string, string>;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalid(`Invalid ${name}: must be one of ${allowed.join(', ')}`, name);
  }
  return value as T;
}
