/**
 * The server's own files hold what only its operator may read: the PGlite cluster (password hashes,
 * every member's data), the generated token secret, backups. Folders are made 0700 and files 0600,
 * whatever the umask; a folder an older version made open to everyone is closed at start.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes `folder` (and any missing parent) readable by its owner alone; answers a warning when an
 * existing folder others can read could not be closed (not ours, or on a read-only file system).
 */
export function privateFolder(folder: string): string | undefined {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const mode = statSync(folder).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  try {
    chmodSync(folder, PRIVATE_FOLDER_MODE);
    return undefined;
  } catch (error) {
    return `WARNING: ${folder} is readable by other users of this machine (mode ${mode.toString(8)}) and could not be made private (${(error as NodeJS.ErrnoException).code ?? 'error'}): it holds password hashes. Run: chmod 700 ${folder}`;
  }
}
