/**
 * `npm run media:move`: moves the images the database still holds in its rows (kept before images
 * had files) into the files the server's settings name (MEDIA_DIR, or MEDIA_S3_*), to the end,
 * saying how far it got. On PostgreSQL it runs beside the servers, which answer throughout; on PGlite
 * it needs the data folder, so the server must be stopped (a server moves them itself, in the
 * background, at every start). Stopped (Ctrl-C), it says so; run again, it goes on where it stopped.
 */
import { openCommandDatabase, type CommandDatabase } from './commandDatabase';
import { ConfigError, describeMedia, describeStore, readConfig } from './config';
import { DataDirLockedError } from './dataDirLock';
import { migrate } from './db/migrate';
import { MediaUnreachable, openMediaFiles } from './mediaFiles';
import { imagesLeftToMove, moveImagesToFiles, type MoveCounts } from './mediaMove';

function counted({ images, copies }: MoveCounts): string {
  return `${images.toLocaleString('en')} image${images === 1 ? '' : 's'} and ${copies.toLocaleString('en')} smaller cop${copies === 1 ? 'y' : 'ies'}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  const started = performance.now();
  const took = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  let opened: CommandDatabase | undefined;
  const files = openMediaFiles(config.media);
  try {
    await files.check();
    opened = await openCommandDatabase(config);
    const { database } = opened;
    // A database the upgraded server has not started on yet gets the migration that lets rows go of their bytes.
    await migrate(database);
    const left = await imagesLeftToMove(database);
    const where = describeMedia(config.media);
    if (left.images + left.copies === 0) {
      console.log(`No image is left in ${describeStore(config)}: every one is in ${where}.`);
      return;
    }
    console.log(`Moving ${counted(left)} from ${describeStore(config)} to ${where}...`);
    const stop = new AbortController();
    const stopping = (): void => stop.abort();
    process.once('SIGINT', stopping);
    process.once('SIGTERM', stopping);
    let said = 0;
    const moved = await moveImagesToFiles(database, files, {
      signal: stop.signal,
      progress: (sofar) => {
        if (sofar.images + sofar.copies - said < 500) return;
        said = sofar.images + sofar.copies;
        console.log(`  ${counted(sofar)} moved so far (${took()})`);
      },
    });
    process.off('SIGINT', stopping);
    process.off('SIGTERM', stopping);
    const rest = await imagesLeftToMove(database);
    if (stop.signal.aborted) {
      console.log(`Stopped: moved ${counted(moved)} in ${took()}; ${counted(rest)} are left in the database. Run npm run media:move again to go on.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Moved ${counted(moved)} to ${where} in ${took()}.${rest.images + rest.copies > 0 ? ` ${counted(rest)} were added in the database meanwhile: run it again.` : ' None is left in the database.'}`);
  } finally {
    files.close();
    await opened?.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof MediaUnreachable) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
