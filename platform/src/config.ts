import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads environment variables through a zod object schema; every bad value is named in one error. */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      const value = input[key];
      return `${key}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
    }),
  );
}

/** Reusable environment variable types. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.url(),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

/** Variables every service reads the same way. */
export const serviceEnv = z.object({
  PORT: env.port(0),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\//, 'expected an amqp:// or amqps:// URL')
    .optional(),
  LOG_LEVEL: env.logLevel(),
  /** Where the public key set of svc-orders lives (distributed mode). */
  AUTH_JWKS_URL: z.url().optional(),
});
export type ServiceEnv = z.infer<typeof serviceEnv>;
