/**
 * The server's session tokens are the contract's (contract/tokens.ts), signed with its own secret
 * (JWT_SECRET). The stand-in's public development secret is never accepted: the server refuses to
 * start with it, and tokens the stand-in signed do not verify here.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAND_IN_TOKEN_SECRET } from '../contract/tokens';
import { ConfigError, type ServerConfig } from './config';
import { PRIVATE_FILE_MODE, privateFolder } from './privateFiles';
import { SECRET_COMMAND, weakSecretProblem } from './secretStrength';

export const MIN_SECRET_BYTES = 32;

/**
 * The signing secret: JWT_SECRET when set (at least 32 bytes, never the stand-in's). Without it, a
 * production server refuses to start; in development one is generated once and kept in the data
 * folder, so tokens survive a restart.
 *
 * A secret too easy to guess (server/secretStrength.ts: a repeated character, a common word padded
 * with digits, a short alphabet) is refused in production. In development it is taken, and
 * weakSecretWarning says so at start: a development server signs tokens for the demo network on
 * this machine, and its tests and tools name readable secrets of their own; what matters is that
 * the same secret cannot reach production unnoticed, and there it is refused.
 */
export function resolveJwtSecret(config: Pick<ServerConfig, 'jwtSecret' | 'production' | 'dataDir'>): string {
  if (config.jwtSecret !== undefined) {
    if (config.jwtSecret === STAND_IN_TOKEN_SECRET) {
      throw new ConfigError(`JWT_SECRET is the stand-in backend's public development secret. Generate your own: ${SECRET_COMMAND}`);
    }
    if (Buffer.byteLength(config.jwtSecret, 'utf8') < MIN_SECRET_BYTES) {
      throw new ConfigError(`JWT_SECRET is ${Buffer.byteLength(config.jwtSecret, 'utf8')} bytes long; it must be at least ${MIN_SECRET_BYTES}. Generate one: ${SECRET_COMMAND}`);
    }
    const weak = config.production ? weakSecretProblem(config.jwtSecret) : undefined;
    if (weak) throw new ConfigError(weak);
    return config.jwtSecret;
  }
  if (config.production) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (at least 32 bytes). Generate one: openssl rand -base64 48');
  }
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(kept, 'utf8') >= MIN_SECRET_BYTES) return kept;
  }
  privateFolder(config.dataDir);
  const secret = randomBytes(48).toString('base64');
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  // A file kept from before (too short to use) keeps its mode through the write.
  chmodSync(file, PRIVATE_FILE_MODE);
  return secret;
}

/** The start-up warning for a development JWT_SECRET that production would refuse; undefined otherwise. */
export function weakSecretWarning(config: Pick<ServerConfig, 'jwtSecret' | 'production'>): string | undefined {
  if (config.production || config.jwtSecret === undefined) return undefined;
  const weak = weakSecretProblem(config.jwtSecret);
  return weak && `WARNING: taken in development, refused with NODE_ENV=production: ${weak}`;
}
