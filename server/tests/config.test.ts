/** Settings: read and checked at start; a bad value names the setting and what it accepts. */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '../../contract/limits';
import { STREAMS_PER_SESSION_DEFAULT } from '../../contract/stream';
import { STAND_IN_TOKEN_SECRET } from '../../contract/tokens';
import { ConfigError, describeStore, readConfig, REPOSITORY_ROOT } from '../config';
import { estimateSecret, weakSecretProblem } from '../secretStrength';
import { devOriginsWarning } from '../devOrigins';
import { resolveJwtSecret, weakSecretWarning } from '../tokens';
import { itRefusesEach } from '../../scripts/testing/settingRefusals';

describe('readConfig', () => {
  it('defaults to loopback port 8080, PGlite in .data, rate limits on, the seed on', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      replicaUrls: [],
      preparedStatements: true,
      replicaLagMaxMs: 1_000,
      readConsistency: 'session',
      dataDir: join(REPOSITORY_ROOT, '.data'),
      media: { kind: 'directory', dir: join(REPOSITORY_ROOT, '.data', 'media') },
      jwtSecret: undefined,
      rateLimits: true,
      trustProxy: false,
      devOrigins: [],
      seed: true,
      drainMs: 5_000,
      streamsPerSession: 8,
      imagePixelsMax: LIMITS.imagePixelsMax,
      postImagesMax: LIMITS.postImagesMax,
      accountDeletionDays: LIMITS.deletionGraceDays,
      production: false,
      staticDir: join(REPOSITORY_ROOT, 'build', 'app'),
      logLevel: 'info',
      mail: { smtpUrl: undefined, from: 'SocialConnect <no-reply@localhost>', folder: join(REPOSITORY_ROOT, '.data', 'mail') },
      publicUrl: undefined,
    });
  });

  it('refuses read replicas that are not PostgreSQL, or without the primary they copy, never repeating their addresses', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://app@db:5432/social', DATABASE_REPLICA_URLS: 'postgres://app:pw@replica:5432/social,http://replica-2' }))
      .toThrow(new ConfigError('DATABASE_REPLICA_URLS is not valid. Use the addresses of PostgreSQL streaming replicas of DATABASE_URL, comma-separated, each postgres://user:password@host:5432/database, or leave it unset for none.'));
    expect(() => readConfig({ DATABASE_REPLICA_URLS: 'postgres://app@replica:5432/social' }))
      .toThrow(new ConfigError('DATABASE_REPLICA_URLS is given without DATABASE_URL. Replicas copy a PostgreSQL primary: set DATABASE_URL to it, or unset DATABASE_REPLICA_URLS.'));
  });

  it('reads every setting', () => {
    expect(readConfig({
      PORT: '9000', HOST: '0.0.0.0', DATABASE_URL: 'postgres://app:pw@db.internal:5433/social', DATA_DIR: '/var/lib/socialconnect',
      DATABASE_REPLICA_URLS: 'postgres://app:pw@replica-1.internal:5433/social, postgres://app:pw@replica-2.internal:5433/social', DATABASE_PREPARED_STATEMENTS: 'off', REPLICA_LAG_MAX_MS: '250', READ_CONSISTENCY: 'strict',
      JWT_SECRET: 'x'.repeat(40), RATE_LIMITS: 'off', TRUST_PROXY: '2', DEV_ORIGINS: 'http://localhost:3000', SEED: 'off', DRAIN_SECONDS: '2.5', STREAMS_PER_SESSION: '3', IMAGE_PIXELS_MAX: '24000000', POST_IMAGES_MAX: '6', ACCOUNT_DELETION_DAYS: '30', NODE_ENV: 'production', STATIC_DIR: 'dist', LOG_LEVEL: 'warn',
      MEDIA_S3_URL: 'https://s3.eu-west-1.amazonaws.com', MEDIA_S3_BUCKET: 'social-media', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', MEDIA_S3_SECRET_ACCESS_KEY: 's3cret',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465', MAIL_FROM: 'Social <no-reply@social.example>', PUBLIC_URL: 'https://social.example/',
    })).toEqual({
      port: 9000, host: '0.0.0.0', databaseUrl: 'postgres://app:pw@db.internal:5433/social', dataDir: '/var/lib/socialconnect',
      replicaUrls: ['postgres://app:pw@replica-1.internal:5433/social', 'postgres://app:pw@replica-2.internal:5433/social'], preparedStatements: false, replicaLagMaxMs: 250, readConsistency: 'strict',
      media: { kind: 's3', url: 'https://s3.eu-west-1.amazonaws.com', bucket: 'social-media', region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 's3cret' },
      jwtSecret: 'x'.repeat(40), rateLimits: false, trustProxy: 2, devOrigins: ['http://localhost:3000'], seed: false, drainMs: 2_500, streamsPerSession: 3, imagePixelsMax: 24_000_000, postImagesMax: 6, accountDeletionDays: 30, production: true, staticDir: join(REPOSITORY_ROOT, 'dist'), logLevel: 'warn',
      mail: { smtpUrl: 'smtps://mailer:pw@smtp.example.com:465', from: 'Social <no-reply@social.example>', folder: '/var/lib/socialconnect/mail' },
      publicUrl: 'https://social.example',
    });
  });

  it('refuses a mail server or an address that is not one, naming the setting', () => {
    expect(() => readConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => readConfig({ PUBLIC_URL: 'social.example' })).toThrow(/PUBLIC_URL/);
  });

  it('keeps images in MEDIA_DIR when given, a relative one in the repository', () => {
    expect(readConfig({ MEDIA_DIR: '/srv/images' }).media).toEqual({ kind: 'directory', dir: '/srv/images' });
    expect(readConfig({ DATA_DIR: '/var/lib/socialconnect', MEDIA_DIR: 'uploads' }).media).toEqual({ kind: 'directory', dir: join(REPOSITORY_ROOT, 'uploads') });
    expect(readConfig({ DATA_DIR: '/var/lib/socialconnect' }).media).toEqual({ kind: 'directory', dir: '/var/lib/socialconnect/media' });
  });

  it("refuses an object store's settings that do not come whole, naming what is missing and never a key", () => {
    const url = 'http://127.0.0.1:9000';
    expect(() => readConfig({ MEDIA_S3_BUCKET: 'media' })).toThrow(new ConfigError('MEDIA_S3_BUCKET is given without MEDIA_S3_URL. Set MEDIA_S3_URL to the object store\'s endpoint, or unset MEDIA_S3_BUCKET to keep images in MEDIA_DIR.'));
    expect(() => readConfig({ MEDIA_S3_URL: url })).toThrow(new ConfigError('MEDIA_S3_URL is given without MEDIA_S3_BUCKET. Set MEDIA_S3_BUCKET to the bucket that keeps the images.'));
    expect(() => readConfig({ MEDIA_S3_URL: url, MEDIA_S3_BUCKET: 'media', MEDIA_DIR: '/srv/images' })).toThrow(new ConfigError('MEDIA_DIR and MEDIA_S3_URL are both given. Images are kept in one place: unset one of them.'));
    expect(() => readConfig({ MEDIA_S3_URL: url, MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'id' }))
      .toThrow(new ConfigError('MEDIA_S3_ACCESS_KEY_ID is given without MEDIA_S3_SECRET_ACCESS_KEY. Give both, or neither (the AWS SDK\'s own credentials).'));
    expect(() => readConfig({ MEDIA_S3_URL: 'ftp://store', MEDIA_S3_BUCKET: 'media' })).toThrow(/^MEDIA_S3_URL "ftp:\/\/store" is not valid\. Use the object store's endpoint, http:\/\/ or https:\/\//);
    expect(() => readConfig({ MEDIA_S3_URL: url, MEDIA_S3_BUCKET: 'Media_Bucket' })).toThrow(/^MEDIA_S3_BUCKET "Media_Bucket" is not valid\. Use a bucket name: 3 to 63/);
    expect(() => readConfig({ MEDIA_S3_URL: url, MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: '' }))
      .toThrow(/^MEDIA_S3_ACCESS_KEY_ID is given without MEDIA_S3_SECRET_ACCESS_KEY/);
    expect(readConfig({ MEDIA_S3_URL: url, MEDIA_S3_BUCKET: 'media' }).media).toEqual({ kind: 's3', url, bucket: 'media', region: 'us-east-1' });
  });

  it("caps a session's live streams at the contract's default unless STREAMS_PER_SESSION says otherwise", () => {
    expect(readConfig({}).streamsPerSession).toBe(STREAMS_PER_SESSION_DEFAULT);
    expect(readConfig({ STREAMS_PER_SESSION: '2' }).streamsPerSession).toBe(2);
  });

  it('leaves the demo network out of a production start unless SEED=on is given', () => {
    expect(readConfig({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SEED: ' ' }).seed).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SEED: 'on' }).seed).toBe(true);
    expect(readConfig({ NODE_ENV: 'development' }).seed).toBe(true);
    expect(readConfig({ NODE_ENV: 'development', SEED: 'off' }).seed).toBe(false);
  });

  it("takes the images a post may have from one to the contract's most", () => {
    expect(readConfig({ POST_IMAGES_MAX: '1' }).postImagesMax).toBe(1);
    expect(readConfig({ POST_IMAGES_MAX: String(LIMITS.postImagesMaxMost) }).postImagesMax).toBe(LIMITS.postImagesMaxMost);
  });

  it("takes the grace period for a deleted account from none to the contract's most", () => {
    expect(readConfig({ ACCOUNT_DELETION_DAYS: '0' }).accountDeletionDays).toBe(0);
    expect(readConfig({ ACCOUNT_DELETION_DAYS: String(LIMITS.deletionGraceDaysMax) }).accountDeletionDays).toBe(LIMITS.deletionGraceDaysMax);
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

  it.each([
    ['http://localhost:3000', ['http://localhost:3000']],
    ['http://localhost:3000,http://127.0.0.1:5077', ['http://localhost:3000', 'http://127.0.0.1:5077']],
    [' https://dev.example.org , http://[::1]:3000 ', ['https://dev.example.org', 'http://[::1]:3000']],
    // As a browser writes Origin: the host in lower case, no default port, each once.
    ['HTTP://LocalHost:3000,http://localhost:3000', ['http://localhost:3000']],
    ['http://localhost:80,https://dev.example.org:443', ['http://localhost', 'https://dev.example.org']],
  ])('reads DEV_ORIGINS %j as the origins whose pages may call the API', (value, devOrigins) => {
    expect(readConfig({ DEV_ORIGINS: value }).devOrigins).toEqual(devOrigins);
  });

  it('lets no other origin call the API unless DEV_ORIGINS is given, in production as in development', () => {
    expect(readConfig({}).devOrigins).toEqual([]);
    expect(readConfig({ DEV_ORIGINS: '  ' }).devOrigins).toEqual([]);
    expect(readConfig({ NODE_ENV: 'production' }).devOrigins).toEqual([]);
  });

  itRefusesEach(readConfig, [
    [{ READ_CONSISTENCY: 'eventual' }, 'Use one of: session, strict.'],
    [{ REPLICA_LAG_MAX_MS: '5' }, 'Use the milliseconds a read replica may be behind the network before reads leave it until it catches up, from 10 to 600000.'],
    [{ DEV_ORIGINS: '*' }, '"*" (any origin) is not accepted: list the origins. Use the origins, comma-separated, of development copies of the app allowed to call this server from the browser: '
      + 'each http:// or https://, a host and an optional port, with no path, query or trailing slash (DEV_ORIGINS=http://localhost:3000,http://127.0.0.1:5077); or leave it unset for none.'],
    [{ DEV_ORIGINS: 'http://localhost:3000,*' }, '"*" (any origin) is not accepted: list the origins. Use the origins'],
    [{ DEV_ORIGINS: 'https://*.example.org' }, '"https://*.example.org" has a "*", and patterns are not accepted: list the origins. Use the origins'],
    [{ DEV_ORIGINS: 'http://localhost:3000/app' }, '"http://localhost:3000/app" has a path. Use the origins'],
    [{ DEV_ORIGINS: 'http://localhost:3000,http://127.0.0.1:5077/' }, '"http://127.0.0.1:5077/" ends with a slash. Use the origins'],
    [{ DEV_ORIGINS: 'http://localhost:3000?x=1' }, '"http://localhost:3000?x=1" has a query. Use the origins'],
    [{ DEV_ORIGINS: 'http://localhost:3000#top' }, '"http://localhost:3000#top" has a fragment. Use the origins'],
    [{ DEV_ORIGINS: 'http://dev:secret@localhost:3000' }, '"http://dev:secret@localhost:3000" has a user name or password. Use the origins'],
    [{ DEV_ORIGINS: 'localhost:3000' }, '"localhost:3000" is not an http:// or https:// origin. Use the origins'],
    [{ DEV_ORIGINS: 'not a url' }, '"not a url" is not an http:// or https:// origin.'],
    [{ DEV_ORIGINS: 'ftp://localhost' }, '"ftp://localhost" is not an http:// or https:// origin.'],
    [{ DEV_ORIGINS: 'http://localhost:99999' }, '"http://localhost:99999" is not an http:// or https:// origin.'],
    [{ DEV_ORIGINS: 'null' }, '"null" is not an http:// or https:// origin.'],
    [{ DEV_ORIGINS: 'http://localhost:3000,,http://127.0.0.1:5077' }, 'One of its entries is empty. Use the origins'],
    [{ DEV_ORIGINS: 'http://localhost:3000 http://127.0.0.1:5077' }, '"http://localhost:3000 http://127.0.0.1:5077" is not an http:// or https:// origin. Use the origins, comma-separated'],

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
    [{ STREAMS_PER_SESSION: '0' }, 'Use the number of live streams one session (one login) may hold open at once in each server process, from 1 to 1000.'],
    [{ STREAMS_PER_SESSION: 'many' }],
    [{ IMAGE_PIXELS_MAX: '1000000' }, 'Use the number of pixels an uploaded image may have at most, from 4194304 (2048 x 2048) to 268435456 (16384 x 16384).'],
    [{ IMAGE_PIXELS_MAX: '300000000' }],
    [{ IMAGE_PIXELS_MAX: '16.7M' }],
    [{ POST_IMAGES_MAX: '0' }, 'Use the number of images a post may have at most, from 1 to 16.'],
    [{ POST_IMAGES_MAX: String(LIMITS.postImagesMaxMost + 1) }],
    [{ POST_IMAGES_MAX: 'four' }],
    [{ ACCOUNT_DELETION_DAYS: '-1' }, 'Use the days a deleted account stays hidden, and can be kept by logging in, before it goes for good, from 0 to 365.'],
    [{ ACCOUNT_DELETION_DAYS: String(LIMITS.deletionGraceDaysMax + 1) }],
  ], { unquoted: ['DATABASE_URL'] });

  it('warns a production start with DEV_ORIGINS that those pages can call the API', () => {
    const devOrigins = ['http://localhost:3000', 'http://127.0.0.1:5077'];
    expect(devOriginsWarning({ devOrigins, production: true })).toBe('WARNING: DEV_ORIGINS is set with NODE_ENV=production: browsers on http://localhost:3000, http://127.0.0.1:5077 '
      + "can call this server's API and read its answers. It is meant for a development copy of the app; unset it unless those origins are your own.");
    expect(devOriginsWarning({ devOrigins, production: false })).toBeUndefined();
    expect(devOriginsWarning({ devOrigins: [], production: true })).toBeUndefined();
    expect(devOriginsWarning(readConfig({ NODE_ENV: 'production', DEV_ORIGINS: 'http://localhost:3000' }))).toMatch(/^WARNING: DEV_ORIGINS is set with NODE_ENV=production: browsers on http:\/\/localhost:3000 can call/);
  });

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

  it('is JWT_SECRET when it has at least 32 bytes and is hard to guess', () => {
    const secret = randomBytes(24).toString('base64');
    expect(secret).toHaveLength(32);
    expect(resolveJwtSecret({ jwtSecret: secret, production: true, dataDir })).toBe(secret);
  });

  it('takes random secrets as openssl rand makes them, in production', () => {
    const secrets = [
      ...Array.from({ length: 200 }, () => randomBytes(48).toString('base64')),
      ...Array.from({ length: 50 }, () => randomBytes(32).toString('base64')),
      ...Array.from({ length: 50 }, () => randomBytes(32).toString('hex')),
      ...Array.from({ length: 50 }, () => randomBytes(48).toString('base64url')),
    ];
    const refused = secrets.filter((secret) => weakSecretProblem(secret) !== undefined);
    expect(refused).toEqual([]);
    for (const secret of secrets.slice(0, 20)) expect(resolveJwtSecret({ jwtSecret: secret, production: true, dataDir })).toBe(secret);
    // 48 random bytes are estimated at about 300 bits, well past the 128 needed.
    expect(estimateSecret(randomBytes(48).toString('base64')).bits).toBeGreaterThan(250);
  });

  it.each([
    ['one character, 40 times', 'a'.repeat(40), 'one character repeated'],
    ['a short alphabet', '0110100110010110100101100110100110010110', 'different characters'],
    ['two characters by turns', 'ab'.repeat(20), 'only 2 different characters'],
    ['a dictionary word padded with digits', 'password1234567890123456789012345', 'common word "password"'],
    ['a word padded with random digits', 'welcome83920174659201836475102938', 'common word "welcome"'],
    ['a word in lookalikes, repeated', 'S3cr3t-S3cr3t-S3cr3t-S3cr3t-S3cr3t!', 'common word "secret"'],
    ['the alphabet and the digits', 'abcdefghijklmnopqrstuvwxyz0123456789', 'the run "abcdefghijklmnopqrstuvwxyz"'],
    ['keyboard rows', 'qazwsx-asdfghjkl-zxcvbnm-poiuytrewq', 'keyboard row'],
    ['the name of the product, twice', 'SocialConnectSocialConnect2026!!', 'common word "socialconnect"'],
  ])('refuses %s in production, naming the setting and the command that makes a good one', (_what, secret, weakness) => {
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
    const refusal = (() => {
      try {
        resolveJwtSecret({ jwtSecret: secret, production: true, dataDir });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect(refusal?.message).toMatch(/^JWT_SECRET is too easy to guess \(.+\): about \d+ bits of randomness, and a signing secret needs at least 128\. Generate one: openssl rand -base64 48$/);
    expect(refusal?.message).toContain(weakness);
    expect(refusal?.message).not.toContain(secret);
  });

  it('takes a weak secret in development, with a warning that production refuses it', () => {
    const weak = 'processes-test-secret-0123456789-abcdefghijklmnop';
    expect(resolveJwtSecret({ jwtSecret: weak, production: false, dataDir })).toBe(weak);
    expect(weakSecretWarning({ jwtSecret: weak, production: false })).toMatch(/^WARNING: taken in development, refused with NODE_ENV=production: JWT_SECRET is too easy to guess/);
    expect(weakSecretWarning({ jwtSecret: randomBytes(48).toString('base64'), production: false })).toBeUndefined();
    expect(weakSecretWarning({ jwtSecret: undefined, production: false })).toBeUndefined();
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

  it('makes its folder 0700, and a kept file too short to use is written again 0600', () => {
    const folder = join(dataDir, 'new-folder');
    resolveJwtSecret({ jwtSecret: undefined, production: false, dataDir: folder });
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const file = join(folder, 'jwt-secret');
    writeFileSync(file, 'short\n');
    chmodSync(file, 0o644);
    const again = resolveJwtSecret({ jwtSecret: undefined, production: false, dataDir: folder });
    expect(Buffer.byteLength(again)).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
