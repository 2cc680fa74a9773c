// Builds the first-paint bench's dependency floor (floor.tsx) the way the app is built: production
// mode, the same loaders and the same HTML template, into build/bench-floor.
'use strict';
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const root = path.resolve(__dirname, '..', '..');

module.exports = {
  mode: 'production',
  context: root,
  entry: { main: './scripts/benchFloor/floor.tsx' },
  output: {
    path: path.join(root, 'build', 'bench-floor'),
    publicPath: '/',
    filename: 'static/js/[name].[contenthash:8].js',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.json') } } },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({ template: path.join(root, 'public', 'index.html'), scriptLoading: 'defer' }),
    new MiniCssExtractPlugin({ filename: 'static/css/[name].[contenthash:8].css' }),
  ],
  performance: { hints: false },
};
