'use strict';

const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { readBuildEnvOrExit } = require('./scripts/buildEnv');
const ports = require('./scripts/ports');

/** Chunk load timeout of spec section 9, in milliseconds. */
const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** `npm start`'s port: --port, then PORT, else 3000. */
const DEV_SERVER_PORT = 3000;

/**
 * The dev server's port, checked before anything compiles: a taken port (or a bad PORT) stops
 * `npm start` with one line saying which port and how to choose another.
 */
async function devServerPortOrExit(argv) {
  let port;
  try {
    port = argv.port !== undefined ? ports.readPort(['--port', String(argv.port)], {}, DEV_SERVER_PORT) : ports.readPort([], process.env, DEV_SERVER_PORT);
  } catch (error) {
    console.error(`npm start: ${error.message}`);
    process.exit(1);
  }
  if (port !== 0 && !(await ports.isPortFree(port))) {
    console.error(ports.busyPortMessage(port, 'npm start'));
    process.exit(1);
  }
  return port;
}

module.exports = async (env, argv) => {
  const production = argv.mode !== 'development';
  const settings = readBuildEnvOrExit();
  const devPort = env && env.WEBPACK_SERVE ? await devServerPortOrExit(argv) : DEV_SERVER_PORT;

  if (settings.apiProxy && settings.apiMocking === 'on') {
    console.warn('API_PROXY is set while API_MOCKING=on: the mock backend answers first. Set API_MOCKING=off to reach the proxy.');
  }

  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, settings.buildDir),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].chunk.js' : 'static/js/[name].chunk.js',
      assetModuleFilename: 'static/media/[name].[contenthash:8][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.API_BASE_URL': JSON.stringify(settings.apiBaseUrl),
        'process.env.API_MOCKING': JSON.stringify(settings.apiMocking),
        'process.env.MOCK_SCENARIO': JSON.stringify(settings.mockScenario),
      }),
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer' }),
      new CopyWebpackPlugin({
        // Without mocking, the service worker script has no business on the site.
        patterns: [{
          from: 'public',
          to: '.',
          globOptions: { ignore: ['**/index.html', ...(settings.apiMocking === 'on' ? [] : ['**/mockServiceWorker.js'])] },
        }],
      }),
      ...(production
        ? [new MiniCssExtractPlugin({
          filename: 'static/css/[name].[contenthash:8].css',
          chunkFilename: 'static/css/[name].[contenthash:8].chunk.css',
        })]
        : []),
    ],
    performance: { hints: false },
    devServer: {
      port: devPort,
      historyApiFallback: true,
      static: { directory: path.resolve(__dirname, 'public'), publicPath: '/' },
      client: { overlay: { runtimeErrors: false } },
      proxy: settings.apiProxy
        ? [{ context: [settings.apiBaseUrl.startsWith('/') ? settings.apiBaseUrl : '/api'], target: settings.apiProxy, changeOrigin: true }]
        : undefined,
    },
  };
};
