'use strict';

// Beside each script, style, page and text of a production build, its gzip and Brotli copies
// (`name.gz`, `name.br`), made once when the app is built: the server's plugin for the app's files
// (server/appFiles.ts) sends the one a browser accepts, without compressing anything per request.

const zlib = require('node:zlib');
const { promisify } = require('node:util');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const NAME = 'CompressedCopies';

/** What compresses: text. Source maps are left out (only developer tools fetch them), and images are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/** Below this, the copies would save less than a packet. */
const MIN_BYTES = 1024;

/**
 * The copies of `bytes` worth keeping: each smaller than the file. Brotli at its best quality (about
 * 3.5 s of CPU added to a whole build's 19 s), gzip at its best level: made once, sent many times.
 */
async function compressedCopies(bytes) {
  const [gzipped, brotlied] = await Promise.all([
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return [['.gz', gzipped], ['.br', brotlied]].filter(([, copy]) => copy.length < bytes.length);
}

class CompressedCopies {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // After everything that writes or changes a file (the pages, the service worker's manifest,
      // which so never lists the copies), and before the build reports its files.
      compilation.hooks.processAssets.tapPromise({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, async () => {
        const files = compilation.getAssets().filter((asset) => COMPRESSIBLE.test(asset.name) && !asset.info.compressed && asset.source.size() >= MIN_BYTES);
        await Promise.all(files.map(async (asset) => {
          for (const [extension, copy] of await compressedCopies(asset.source.buffer())) {
            compilation.emitAsset(`${asset.name}${extension}`, new sources.RawSource(copy), { compressed: true, immutable: asset.info.immutable });
          }
        }));
      });
    });
  }
}

module.exports = { CompressedCopies };
