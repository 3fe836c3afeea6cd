import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { captureLogs, logError, logger, logLevelFrom } from './log';

describe('LOG_LEVEL', () => {
  it('defaults to info, and to silent under Vitest so tests print nothing', () => {
    expect(logLevelFrom({})).toBe('info');
    expect(logLevelFrom({ VITEST: 'true' })).toBe('silent');
    expect(logger.level).toBe(process.env.LOG_LEVEL ? logLevelFrom() : 'silent');
  });

  it('is read from the environment, in any case; an unknown level is refused at start-up', () => {
    expect(logLevelFrom({ LOG_LEVEL: 'warn' })).toBe('warn');
    expect(logLevelFrom({ LOG_LEVEL: ' Debug ', VITEST: 'true' })).toBe('debug');
    expect(logLevelFrom({ LOG_LEVEL: 'loud' })).toBe('info');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(
      /LOG_LEVEL "loud" is not one of fatal, error, warn/,
    );
    expect(() => loadConfig({ LOG_LEVEL: 'error' })).not.toThrow();
  });
});

describe('lines', () => {
  it('are JSON with a level name and an ISO time; captured lines stop with the capture', () => {
    const logs = captureLogs('warn');
    try {
      logger.info('not at warn');
      logger.warn({ request_id: 'r-1' }, 'a warning');
      logError({ request_id: 'r-2' }, new Error('it broke'));
    } finally {
      logs.stop();
    }
    logger.error('after the capture');
    const entries = logs.entries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      level: 'warn',
      msg: 'a warning',
      request_id: 'r-1',
      pid: process.pid,
    });
    expect(new Date(entries[0]!.time).toISOString()).toBe(entries[0]!.time);
    expect(entries[1]).toMatchObject({ level: 'error', msg: 'it broke', request_id: 'r-2' });
    expect(entries[1]!.stack).toContain('log.test.ts');
    expect(logger.level).toBe(logLevelFrom());
  });
});
