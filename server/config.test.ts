import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('DB_STATEMENT_TIMEOUT_MS', () => {
  it('defaults to 15 seconds, takes milliseconds, and 0 turns it off', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(15_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '2500' }).dbStatementTimeoutMs).toBe(2500);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).dbStatementTimeoutMs).toBe(0);
  });

  it('refuses anything but a whole number of milliseconds', () => {
    for (const value of ['-1', '1.5', '15s']) {
      expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: value })).toThrow(ConfigError);
    }
  });
});
