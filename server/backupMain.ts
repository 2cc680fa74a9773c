/**
 * `npm run backup [FILE]` and `npm run restore FILE`: the store named by the server's settings
 * (DATABASE_URL, else PGlite in DATA_DIR) written to a backup file, its images' files (MEDIA_DIR or
 * MEDIA_S3_*) to a folder beside it, or loaded from them into an empty store. A refusal or failure
 * is one line on stderr and exit code 1.
 */
import { backup, BackupError, defaultBackupFile, restore } from './backup';
import { ConfigError, describeMedia, describeStore, readConfig } from './config';
import { DataDirLockedError } from './dataDirLock';

function files(count: number): string {
  return `${count.toLocaleString('en')} file${count === 1 ? '' : 's'}`;
}

async function main(command: string | undefined, file: string | undefined): Promise<void> {
  const config = readConfig();
  const started = performance.now();
  const took = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    const written = await backup(config, file ?? defaultBackupFile(config));
    const { images } = written;
    console.log(`Backed up ${describeStore(config)} to ${written.file} (${written.bytes.toLocaleString('en')} bytes) and ${files(images.files)} of its images to ${images.folder} (${images.bytes.toLocaleString('en')} bytes) in ${took()}.`);
    if (images.missing.length > 0) {
      console.error(`WARNING: ${files(images.missing.length)} the network names ${images.missing.length === 1 ? 'was' : 'were'} missing from ${describeMedia(config.media)}, so the backup lacks ${images.missing.length === 1 ? 'it' : 'them'}: ${images.missing.slice(0, 3).join(', ')}${images.missing.length > 3 ? ', ...' : ''}.`);
    }
    return;
  }
  if (command === 'restore') {
    if (!file) throw new BackupError('Name the backup to restore: npm run restore -- FILE (npm run backup writes them to backups/).');
    const restored = await restore(config, file);
    console.log(`Restored ${file} into ${describeStore(config)} and ${files(restored.images)} of its images into ${describeMedia(config.media)} in ${took()}. Start the server on it: it applies any newer migrations.`);
    return;
  }
  throw new BackupError('Usage: npm run backup [-- FILE]   or   npm run restore -- FILE');
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
