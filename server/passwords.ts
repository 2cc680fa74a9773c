/**
 * Passwords as argon2id hashes (memory 19,456 KiB, 2 iterations, parallelism 1). Hashing and
 * checking run on libuv's thread pool, off the event loop, so a login never stalls other requests.
 */
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../contract/passwords';

export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const argon2Passwords: PasswordHasher = {
  hash: (password) => hash(password, ARGON2_OPTIONS),
  async verify(stored, password) {
    try {
      return await verify(stored, password);
    } catch {
      // Not an argon2 hash at all: it matches no password.
      return false;
    }
  },
};
