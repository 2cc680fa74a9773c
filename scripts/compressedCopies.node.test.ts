/**
 * The build's compressed copies (scripts/compressedCopies.cjs), made by webpack as a production
 * build makes them: beside each text file large enough, its gzip and Brotli copies, each the file's
 * very bytes once decompressed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CompressedCopies } = require('./compressedCopies.cjs') as { CompressedCopies: new () => webpack.WebpackPluginInstance };

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'compressed-copies-'));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

function build(entries: Record<string, string>, plugins: webpack.WebpackPluginInstance[]): Promise<string> {
  const output = join(folder, 'out');
  for (const [name, text] of Object.entries(entries)) {
    writeFileSync(join(folder, `${name}.js`), text);
  }
  return new Promise((resolve, reject) => {
    webpack({
      mode: 'production',
      context: folder,
      entry: Object.fromEntries(Object.keys(entries).map((name) => [name, `./${name}.js`])),
      output: { path: output, filename: '[name].js', clean: true },
      devtool: 'source-map',
      optimization: { minimize: false },
      plugins,
    }, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(output);
    });
  });
}

it('writes the gzip and Brotli copies of scripts and pages, late pages too; none for source maps or small files', async () => {
  const text = 'a line of the app, said again and again; ';
  const out = await build(
    { app: `console.log(${JSON.stringify(text.repeat(100))});`, tiny: 'console.log(1);' },
    // A page written at a later stage than scripts, as the app's pages are.
    [new HtmlWebpackPlugin({ filename: 'index.html', templateContent: `<!doctype html><title>app</title>${'<p>words</p>'.repeat(200)}` }), new CompressedCopies()],
  );
  const files = readdirSync(out).sort();
  expect(files).toEqual([
    'app.js', 'app.js.br', 'app.js.gz', 'app.js.map',
    'index.html', 'index.html.br', 'index.html.gz',
    'tiny.js', 'tiny.js.map',
  ]);
  for (const name of ['app.js', 'index.html']) {
    const original = readFileSync(join(out, name));
    const gzipped = readFileSync(join(out, `${name}.gz`));
    const brotlied = readFileSync(join(out, `${name}.br`));
    expect(gunzipSync(gzipped).equals(original)).toBe(true);
    expect(brotliDecompressSync(brotlied).equals(original)).toBe(true);
    expect(brotlied.length).toBeLessThan(original.length / 5);
  }
});

it('writes no copy that would be larger than its file', async () => {
  // 2 KB of random bytes: gzip and Brotli only add their own headers to them.
  const noise: webpack.WebpackPluginInstance = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('noise', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'noise', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          compilation.emitAsset('noise.txt', new webpack.sources.RawSource(randomBytes(2048)));
        });
      });
    },
  };
  const out = await build({ app: 'console.log(1);' }, [noise, new CompressedCopies()]);
  expect(readdirSync(out).sort()).toEqual(['app.js', 'app.js.map', 'noise.txt']);
});
