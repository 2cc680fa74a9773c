/** Settings: read and checked at start; a bad value names the setting and what it accepts. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAND_IN_TOKEN_SECRET } from '../../contract/tokens';
import { describeStore, readConfig, REPOSITORY_ROOT } from '../config';
import { resolveJwtSecret } from '../tokens';
import { itRefusesEach } from '../../scripts/testing/settingRefusals';

describe('readConfig', () => {
  it('defaults to loopback port 8080, PGlite in .data, rate limits on, the seed on', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: join(REPOSITORY_ROOT, '.data'),
      jwtSecret: undefined,
      rateLimits: true,
      trustProxy: false,
      seed: true,
      drainMs: 5_000,
      production: false,
      staticDir: join(REPOSITORY_ROOT, 'build', 'app'),
      logLevel: 'info',
    });
  });

  it('reads every setting', () => {
    expect(readConfig({
      PORT: '9000', HOST: '0.0.0.0', DATABASE_URL: 'postgres://app:pw@db.internal:5433/social', DATA_DIR: '/var/lib/socialconnect',
      JWT_SECRET: 'x'.repeat(40), RATE_LIMITS: 'off', TRUST_PROXY: '2', SEED: 'off', DRAIN_SECONDS: '2.5', NODE_ENV: 'production', STATIC_DIR: 'dist', LOG_LEVEL: 'warn',
    })).toEqual({
      port: 9000, host: '0.0.0.0', databaseUrl: 'postgres://app:pw@db.internal:5433/social', dataDir: '/var/lib/socialconnect',
      jwtSecret: 'x'.repeat(40), rateLimits: false, trustProxy: 2, seed: false, drainMs: 2_500, production: true, staticDir: join(REPOSITORY_ROOT, 'dist'), logLevel: 'warn',
    });
  });

  it('reads a switch as on/off, true/false, 1/0 or yes/no in any case, and a blank value as unset', () => {
    expect(readConfig({ RATE_LIMITS: 'No', SEED: '0' })).toMatchObject({ rateLimits: false, seed: false });
    expect(readConfig({ RATE_LIMITS: '1', SEED: 'False' })).toMatchObject({ rateLimits: true, seed: false });
    expect(readConfig({ PORT: ' 9000 ', HOST: ' ', DATA_DIR: '', SEED: '  ' })).toMatchObject({ port: 9000, host: '127.0.0.1', dataDir: join(REPOSITORY_ROOT, '.data'), seed: true });
  });

  it.each([
    ['off', false],
    ['0', false],
    ['No', false],
    ['1', 1],
    [' 3 ', 3],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.1.0/24,fd00::/8', ['10.0.0.5', '10.0.1.0/24', 'fd00::/8']],
    ['loopback', ['loopback']],
    ['::1', ['::1']],
  ])('reads TRUST_PROXY %j as the number of proxies in front or their addresses', (value, trustProxy) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  itRefusesEach(readConfig, [
    [{ PORT: 'eighty' }, 'Use a port number from 0 to 65535 (0 picks a free one).'],
    [{ PORT: '70000' }],
    [{ HOST: 'local host' }, 'Use a host name or address, such as 127.0.0.1 or 0.0.0.0.'],
    [{ DATABASE_URL: 'mysql://db/app' }, 'Use postgres://user:password@host:5432/database (or postgresql://), or leave it unset for the embedded PGlite.'],
    [{ DATABASE_URL: 'not a url' }],
    [{ RATE_LIMITS: 'sometimes' }, 'Use "on" or "off".'],
    [{ SEED: 'maybe' }, 'Use "on" or "off".'],
    [{ SEED: 'constructor' }],
    [{ TRUST_PROXY: 'on' }, 'Use the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer), or their addresses, comma-separated (TRUST_PROXY=10.0.0.5,10.0.1.0/24), or "off"; "on" would believe every hop of X-Forwarded-For, so it is not accepted.'],
    [{ TRUST_PROXY: 'true' }, 'Use the number of proxies in front'],
    [{ TRUST_PROXY: 'yes' }],
    [{ TRUST_PROXY: '10.0.0.300' }],
    [{ TRUST_PROXY: '10.0.0.0/33' }],
    [{ TRUST_PROXY: '10.0.0.5,' }],
    [{ TRUST_PROXY: '-1' }],
    [{ DRAIN_SECONDS: 'soon' }, 'Use the seconds from SIGTERM during which /api/health answers 503 before the server closes, from 0 to 60.'],
    [{ DRAIN_SECONDS: '61' }],
    [{ LOG_LEVEL: 'loud' }, 'Use one of: fatal, error, warn, info, debug, trace, silent.'],
  ], { unquoted: ['DATABASE_URL'] });

  it('never repeats the database URL, which may hold a password', () => {
    const refusal = (() => {
      try {
        readConfig({ DATABASE_URL: 'mysql://app:secret-pw@db/app' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toMatch(/^DATABASE_URL is not valid\./);
    expect(refusal).not.toContain('secret-pw');
  });

  it('describes the store without its password', () => {
    expect(describeStore({ databaseUrl: 'postgres://app:secret-pw@db.internal:5433/social', dataDir: '/x' })).toBe('PostgreSQL at db.internal:5433/social');
    expect(describeStore({ databaseUrl: undefined, dataDir: '/srv/data' })).toBe('PGlite (embedded PostgreSQL) in /srv/data');
  });
});

describe('the token secret', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'socialconnect-secret-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is JWT_SECRET when it has at least 32 bytes', () => {
    expect(resolveJwtSecret({ jwtSecret: 's'.repeat(32), production: true, dataDir })).toBe('s'.repeat(32));
  });

  it('refuses a production start without one, a short one, and the stand-in development secret', () => {
    expect(() => resolveJwtSecret({ jwtSecret: undefined, production: true, dataDir })).toThrow('JWT_SECRET is required when NODE_ENV=production');
    expect(() => resolveJwtSecret({ jwtSecret: 'short', production: true, dataDir })).toThrow('JWT_SECRET is 5 bytes long; it must be at least 32');
    expect(() => resolveJwtSecret({ jwtSecret: 'é'.repeat(15), production: false, dataDir })).toThrow('it must be at least 32');
    expect(() => resolveJwtSecret({ jwtSecret: STAND_IN_TOKEN_SECRET, production: false, dataDir })).toThrow("the stand-in backend's public development secret");
  });

  it('is generated once in development and kept in the data folder, readable by its owner only', () => {
    const generated = resolveJwtSecret({ jwtSecret: undefined, production: false, dataDir });
    expect(Buffer.byteLength(generated)).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8').trim()).toBe(generated);
    expect(resolveJwtSecret({ jwtSecret: undefined, production: false, dataDir })).toBe(generated);
  });
});
