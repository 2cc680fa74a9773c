/**
 * The server's session tokens are the contract's (contract/tokens.ts), signed with its own secret
 * (JWT_SECRET). The stand-in's public development secret is never accepted: the server refuses to
 * start with it, and tokens the stand-in signed do not verify here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAND_IN_TOKEN_SECRET } from '../contract/tokens';
import { ConfigError, type ServerConfig } from './config';

export const MIN_SECRET_BYTES = 32;

/**
 * The signing secret: JWT_SECRET when set (at least 32 bytes, never the stand-in's). Without it, a
 * production server refuses to start; in development one is generated once and kept in the data
 * folder, so tokens survive a restart.
 */
export function resolveJwtSecret(config: Pick<ServerConfig, 'jwtSecret' | 'production' | 'dataDir'>): string {
  if (config.jwtSecret !== undefined) {
    if (config.jwtSecret === STAND_IN_TOKEN_SECRET) {
      throw new ConfigError("JWT_SECRET is the stand-in backend's public development secret. Generate your own: openssl rand -base64 48");
    }
    if (Buffer.byteLength(config.jwtSecret, 'utf8') < MIN_SECRET_BYTES) {
      throw new ConfigError(`JWT_SECRET is ${Buffer.byteLength(config.jwtSecret, 'utf8')} bytes long; it must be at least ${MIN_SECRET_BYTES}. Generate one: openssl rand -base64 48`);
    }
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
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
