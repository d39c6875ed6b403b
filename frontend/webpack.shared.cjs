// One webpack configuration for the host and every remote: TypeScript through swc, Module
// Federation with the shared singletons, output under frontend/dist (the host at its root, each
// remote under remotes/<name>/, which is where the gateway serves them).
const path = require('path');
const { execSync } = require('child_process');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');

const root = __dirname;
const own = require('./package.json');

function versionOf(name) {
  // Read from node_modules directly: some packages do not export ./package.json.
  const file = path.join(root, 'node_modules', ...name.split('/'), 'package.json');
  return JSON.parse(require('fs').readFileSync(file, 'utf8')).version;
}

// Shared once across host and remotes: one React, one router, one theme, one IntlProvider, one
// session store.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  'react-intl',
];

function shared() {
  const out = {};
  for (const name of SINGLETONS) {
    out[name] = { singleton: true, requiredVersion: `~${versionOf(name)}` };
  }
  out['@tradewind/shared'] = { singleton: true, requiredVersion: '0.1.0' };
  // The package's core (API client, session, rules) without its components: the login page
  // needs only this, not the component library.
  out['@tradewind/shared/core'] = { singleton: true, requiredVersion: '0.1.0' };
  return out;
}

function gitId() {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/**
 * @param {object} o
 * @param {string} o.name       federation name (`host`, `base`, `hotel`, ...)
 * @param {string} o.dir        the package's directory
 * @param {boolean} [o.host]    the shell (index.html, remotes) rather than a remote
 * @param {Record<string,string>} [o.exposes]
 * @param {string[]} [o.remotes] remote names the host loads from /remotes/<name>/
 */
module.exports = function config(o) {
  const outDir = o.host ? path.join(root, 'dist') : path.join(root, 'dist', 'remotes', o.name);
  const plugins = [
    new ModuleFederationPlugin({
      name: o.name,
      dts: false,
      filename: o.host ? undefined : 'remoteEntry.js',
      exposes: o.exposes,
      remotes: Object.fromEntries(
        (o.remotes || []).map((r) => [r, `${r}@/remotes/${r}/remoteEntry.js`]),
      ),
      shared: shared(),
      // 'version-first' (the default) fetches every remote's entry at start to compare the
      // versions they offer; 'loaded-first' uses what the host already loaded, so remotes are
      // fetched when first used (after login) and the shared libraries come from the host.
      shareStrategy: 'loaded-first',
    }),
    new webpack.DefinePlugin({
      __BUILD__: JSON.stringify({
        app: own.name,
        version: require(path.join(o.dir, 'package.json')).version,
        time: new Date().toISOString(),
        git: gitId(),
      }),
    }),
  ];
  if (o.host) {
    plugins.push(
      new HtmlWebpackPlugin({
        template: path.join(o.dir, 'public', 'index.html'),
        favicon: path.join(o.dir, 'public', 'favicon.svg'),
      }),
    );
  }
  return (env, argv) => ({
    mode: argv.mode || 'production',
    entry: path.join(o.dir, 'src', 'index.ts'),
    // Source maps only in development: production files stay small.
    devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : false,
    output: {
      path: outDir,
      // The host's page is served at every client-side route, so its scripts are named from the
      // root; a remote finds its chunks next to its remoteEntry.js.
      publicPath: o.host ? '/' : 'auto',
      // Entry files keep their names (revalidated by ETag); chunks carry their content hash.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      // The host's directory holds the remotes' too: they stay.
      clean: o.host ? { keep: /^remotes[\\/]/ } : true,
      uniqueName: o.name,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2022',
              },
            },
          },
        },
        { test: /\.(mp3|wav|png|svg)$/, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
    plugins,
  });
};
