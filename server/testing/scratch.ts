/**
 * Folders a test file writes into, all removed when the file's tests are done: `make` creates one in
 * the system's temporary folder, `removeAfter` takes one made elsewhere (a PGlite data folder). Call
 * at the top of a test file: it registers its own afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function scratchFolders(): { make(prefix: string): string; removeAfter(folder: string): string } {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const removeAfter = (folder: string): string => {
    folders.push(folder);
    return folder;
  };
  return { make: (prefix) => removeAfter(mkdtempSync(join(tmpdir(), prefix))), removeAfter };
}
