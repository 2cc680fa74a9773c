'use strict';

const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { createServer } = require('node:net');
const settings = require('./scripts/settings');
const { CompressedCopies } = require('./scripts/compressedCopies.cjs');

/** Chunk load timeout of spec section 9, in milliseconds. */
const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** `npm start`'s port: --port, then PORT, else 3000. */
const DEV_SERVER_PORT = 3000;

/** `npm start`'s address: HOST, else loopback (this machine only). */
const DEV_SERVER_HOST = '127.0.0.1';

/**
 * A setting read by `read`, or the end of the process: a bad value prints its one-line message (no
 * stack trace, it is the developer's setting, not a bug) and stops `npm start` or `npm run build`.
 */
function settingOrExit(read) {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof settings.ConfigError)) throw error;
    console.error(`SocialConnect configuration error: ${error.message}`);
    process.exit(1);
  }
}

/** Whether nothing listens on `port` of `host` yet (checked the way the dev server listens). */
function isPortFree(port, host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * The dev server's port, checked before anything compiles: a taken port (or a bad PORT) stops
 * `npm start` with one line saying which port and how to choose another.
 */
async function devServerPortOrExit(argv, host) {
  const port = settingOrExit(() => settings.readPort(argv.port === undefined ? undefined : String(argv.port), process.env, DEV_SERVER_PORT));
  if (port !== 0 && !(await isPortFree(port, host))) {
    console.error(settings.busyPortMessage(port, 'npm start'));
    process.exit(1);
  }
  return port;
}

/** The pages built ahead as HTML by src/prerender/renderPage.tsx, with their route chunk: the one list of them. */
const PRERENDERED_PAGES = [
  { path: '/login', chunk: 'page-login' },
  { path: '/signup', chunk: 'page-signup' },
];

/** The theme script's entry: public/index.html loads it itself, before the styles, so no plugin adds a tag for it. */
const THEME_CHUNKS = ['theme'];

/** The TypeScript rule, shared by the app and its build-time render. */
const typescriptRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
};

/**
 * The build-time render: the app's pages compiled for Node into one file outside the build (the
 * site never serves it), which the app's build then calls to write login.html and signup.html.
 */
function prerenderConfig(outputDir, define) {
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node',
    entry: { prerender: './src/prerender/renderPage.tsx' },
    output: { path: outputDir, filename: 'prerender.js', library: { type: 'commonjs2' }, clean: true },
    devtool: false,
    optimization: { minimize: false },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    // Styles are the browser's business: the render only needs the markup.
    module: { rules: [typescriptRule, { test: /\.css$/, type: 'asset/source' }] },
    plugins: [define, new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    performance: { hints: false },
  };
}

/**
 * One page built ahead: its markup inside #root (marked data-prerendered, so the app takes it over),
 * the entry's tags, then the styles of the app chunk and of the page's own chunk, so the browser
 * paints the page styled before any script runs.
 * The styles keep the order the app would load them in (entry, app, page).
 */
function prerenderedPage({ path: pagePath, chunk }, renderBundle) {
  return new HtmlWebpackPlugin({
    filename: `${pagePath.slice(1)}.html`,
    inject: false,
    excludeChunks: THEME_CHUNKS,
    scriptLoading: 'defer',
    templateContent: async ({ htmlWebpackPlugin, compilation }) => {
      delete require.cache[renderBundle];
      const { renderPage } = require(renderBundle);
      const markup = await renderPage(pagePath);
      // Styles only: the entry loads the chunks' scripts itself. Listed here (run deferred, or preloaded),
      // they let the app take the page over before the browser's first paint, which Lighthouse then
      // measured 1-2 s later than with the entry alone.
      const files = ['app', chunk].flatMap((name) => {
        const group = compilation.namedChunkGroups.get(name);
        if (!group) throw new Error(`Building ${pagePath}: no chunk named ${name}.`);
        return group.chunks.flatMap((each) => [...each.files]);
      });
      const unique = [...new Set(files)];
      const publicPath = compilation.outputOptions.publicPath;
      const styles = unique.filter((file) => file.endsWith('.css')).map((file) => `<link href="${publicPath}${file}" rel="stylesheet">`);
      // The entry runs async here, not deferred: the page is whole before any script runs, and with a
      // deferred script (even an empty one) Lighthouse's Chrome showed the page's first frame about 1 s
      // later than with none or an async one (0.25 s). src/main.tsx waits for the document itself.
      for (const tag of htmlWebpackPlugin.tags.headTags) {
        if (tag.tagName === 'script') Object.assign(tag.attributes, { defer: false, async: true });
      }
      const template = fs.readFileSync(path.join(__dirname, 'public', 'index.html'), 'utf8');
      const root = '<div id="root"></div>';
      if (!template.includes(root)) throw new Error(`public/index.html has no ${root} to build ${pagePath} into.`);
      return template
        .replace('</head>', `${htmlWebpackPlugin.tags.headTags}${styles.join('')}</head>`)
        .replace(root, `<div id="root" data-prerendered="${pagePath}">${markup}</div>`);
    },
  });
}

const REACT_ROUTER_PRODUCTION = {
  'react-router$': path.resolve(__dirname, 'node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
  'react-router/dom$': path.resolve(__dirname, 'node_modules', 'react-router', 'dist', 'production', 'dom-export.mjs'),
};

module.exports = async (env, argv) => {
  const production = argv.mode !== 'development';
  const build = settingOrExit(() => settings.readBuildSettings());
  // This machine alone unless HOST says otherwise: the dev server serves the stand-in's demo network.
  const devHost = env && env.WEBPACK_SERVE ? settingOrExit(() => settings.readHost(process.env)) : DEV_SERVER_HOST;
  const devPort = env && env.WEBPACK_SERVE ? await devServerPortOrExit(argv, devHost) : DEV_SERVER_PORT;

  if (build.apiProxy && build.apiMocking) {
    console.warn('API_PROXY is set while API_MOCKING=on: the mock backend answers first. Set API_MOCKING=off to reach the proxy.');
  }

  const define = new webpack.DefinePlugin({
    'process.env.API_BASE_URL': JSON.stringify(build.apiBaseUrl),
    'process.env.API_MOCKING': JSON.stringify(build.apiMocking ? 'on' : 'off'),
    'process.env.MOCK_SCENARIO': JSON.stringify(build.mockScenario),
    'process.env.OFFLINE_KEPT_PAGES': JSON.stringify(String(build.offlineKept.pages)),
    'process.env.OFFLINE_KEPT_BYTES': JSON.stringify(String(build.offlineKept.bytes)),
  });
  // Outside the build folder, one per build folder (the bench builds several at once).
  const renderDir = path.resolve(__dirname, 'node_modules', '.cache', 'socialconnect-prerender', build.buildDir.replace(/[^\w.-]+/g, '_'));

  const app = {
    name: 'app',
    dependencies: production ? ['prerender'] : [],
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/main.tsx',
      // The stored theme on <html> before the first paint: public/index.html loads it by this fixed
      // name (no hash, so revalidated on each visit like the pages), a blocking script in the head.
      theme: { import: './src/features/theme/boot.ts', filename: 'theme.js' },
    },
    output: {
      path: path.resolve(__dirname, build.buildDir),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].chunk.js' : 'static/js/[name].chunk.js',
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    // SWC's minifier: output within a few per cent of terser's, in a tenth of the time (each build
    // spent half of its 40 s of CPU in terser).
    // package.json's `sideEffects` says that only the stylesheets run for what importing them does:
    // a module none of whose exports a build uses is left out whole (the workbench's shortcut and the
    // keyboard's list from a build without the stand-in, 0.5 KB of /login's gzip).
    optimization: {
      minimizer: [new MinimizerPlugin({ minify: { implementation: { path: require.resolve('minimizer-webpack-plugin'), export: 'swcMinify' }, options: { compress: true, mangle: true } } })],
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router's package resolves to its development build under every condition; its
      // production build is the same code with its warnings off, which the minifier then drops.
      alias: production ? REACT_ROUTER_PRODUCTION : {},
    },
    module: {
      rules: [
        typescriptRule,
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
      ],
    },
    plugins: [
      define,
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer', excludeChunks: THEME_CHUNKS }),
      ...(production ? PRERENDERED_PAGES.map((page) => prerenderedPage(page, path.join(renderDir, 'prerender.js'))) : []),
      new CopyWebpackPlugin({
        // Without mocking, the service worker script has no business on the site.
        patterns: [{
          from: 'public',
          to: '.',
          // The stand-in's worker and QA's example scenario files go only into builds with the stand-in.
          globOptions: { ignore: ['**/index.html', ...(build.apiMocking ? [] : ['**/mockServiceWorker.js', '**/qa-scenarios/**'])] },
        }],
      }),
      // A production build keeps the app in a service worker: its scripts, styles and pages, not the
      // source maps, licences or the seed's images. For a real server, src/offline/serviceWorker.ts;
      // with the stand-in, src/offline/standInServiceWorker.ts, which is the stand-in's worker too.
      ...(production
        ? [new InjectManifest({
          swSrc: build.apiMocking ? './src/offline/standInServiceWorker.ts' : './src/offline/serviceWorker.ts',
          swDest: 'sw.js',
          exclude: [/\.map$/, /LICENSE\.txt$/, /^images\//, /^sw\.js$/, /^mockServiceWorker\.js$/, /^qa-scenarios\//],
          maximumFileSizeToCacheInBytes: 1024 * 1024,
        })]
        : []),
      ...(production
        ? [new MiniCssExtractPlugin({
          filename: 'static/css/[name].[contenthash:8].css',
          chunkFilename: 'static/css/[name].[contenthash:8].chunk.css',
          // A chunk of styles two pages share (Home's and a post's) is put in one order, which the other
          // page imported differently. Each stylesheet styles its own block (BEM), so that order does not
          // matter; the few elements that carry two files' classes get them from a file that imports the
          // other first (Composer.css before the description's and the warning's fields, PostCard.css
          // before WaitingPosts.css), and that order holds in every chunk.
          ignoreOrder: true,
        })]
        : []),
      // Each text file's gzip and Brotli copies, which the server sends to a browser that takes them.
      ...(production ? [new CompressedCopies()] : []),
    ],
    performance: { hints: false },
    devServer: {
      host: devHost,
      port: devPort,
      historyApiFallback: true,
      static: { directory: path.resolve(__dirname, 'public'), publicPath: '/' },
      client: { overlay: { runtimeErrors: false } },
      proxy: build.apiProxy
        ? [{ context: [build.apiBaseUrl.startsWith('/') ? build.apiBaseUrl : '/api'], target: build.apiProxy, changeOrigin: true }]
        : undefined,
    },
  };
  return production ? [prerenderConfig(renderDir, define), app] : app;
};
