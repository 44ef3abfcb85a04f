import { z } from 'zod';
import { ConfigError, env, loadConfig, serviceEnv } from './config';

describe('loadConfig', () => {
  it('applies defaults and coerces values', () => {
    const config = loadConfig(serviceEnv, { PORT: '8101' });
    expect(config.PORT).toBe(8101);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable with its value in one error', () => {
    const bad = () => loadConfig(serviceEnv, { PORT: '99999', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT="99999"/);
      expect(problems).toMatch(/DATABASE_URL="mysql:\/\/x": expected a postgres/);
      expect(problems).toMatch(/LOG_LEVEL="loud"/);
      expect((error as ConfigError).problems).toHaveLength(3);
    }
  });

  it('treats empty strings as unset and parses booleans', () => {
    const schema = z.object({ FLAG: env.bool(true), OTHER: env.bool(false) });
    expect(loadConfig(schema, { FLAG: '', OTHER: 'yes' })).toEqual({ FLAG: true, OTHER: true });
    expect(() => loadConfig(schema, { FLAG: 'maybe' })).toThrow(/FLAG="maybe": expected true or false/);
  });
});
