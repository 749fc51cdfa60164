#!/usr/bin/env node
'use strict';
/**
 * Bundles GraphiQL 5 (React 19 + graphiql + its CSS) and the three Monaco workers with esbuild
 * into public/graphiql/, served by src/graphiql/route.ts at /graphiql.
 *
 * Output (all same-origin, nothing is fetched from a CDN; GraphiQL's fonts are data: URLs inside
 * its CSS):
 *   index.html          the page (no inline script)
 *   app.js, app.css     the application bundle
 *   editor.worker.js    Monaco's base editor worker
 *   json.worker.js      Monaco's JSON worker (variables / headers / response editors)
 *   graphql.worker.js   monaco-graphql's worker (validation, completion)
 *   .build-stamp.json   fingerprint of the inputs, used to skip rebuilds
 *
 * The rebuild is skipped when the stamp matches the current inputs: this script's own source,
 * the esbuild version and the name@version of every package that went into the last bundle.
 * (Versions instead of file times because npm extracts package files with a fixed 1985 mtime,
 * so an upgrade would not look "newer".) `--force` or GRAPHIQL_FORCE_BUILD=1 rebuilds anyway.
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'public', 'graphiql');
const STAMP = path.join(OUT_DIR, '.build-stamp.json');
/** URL prefix the route serves the assets under (src/graphiql/route.ts). */
const ASSET_PREFIX = '/graphiql/';

const WORKERS = {
  'editor.worker': 'monaco-editor/esm/vs/editor/editor.worker.js',
  'json.worker': 'monaco-editor/esm/vs/language/json/json.worker.js',
  'graphql.worker': 'monaco-graphql/esm/graphql.worker.js',
};
const OUTPUTS = ['index.html', 'app.js', 'app.css', ...Object.keys(WORKERS).map((w) => `${w}.js`)];

/**
 * The browser entry point. Kept here (fed to esbuild as stdin) so that the whole GraphiQL build
 * lives in one file and tsc never sees JSX.
 */
const ENTRY = String.raw`
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { getOperationAST, parse } from 'graphql';
import { createClient } from 'graphql-ws';
import 'graphiql/style.css';

// Workers sit next to this script; resolve them from its URL so the page works under any prefix.
const scriptUrl = (document.currentScript && document.currentScript.src) || location.href;
const workerUrl = (file) => new URL(file, scriptUrl).href;
globalThis.MonacoEnvironment = {
  getWorker(_moduleId, label) {
    if (label === 'json') return new Worker(workerUrl('json.worker.js'), { name: 'json' });
    if (label === 'graphql') return new Worker(workerUrl('graphql.worker.js'), { name: 'graphql' });
    return new Worker(workerUrl('editor.worker.js'), { name: label || 'editor' });
  },
};

const root = document.getElementById('graphiql');
const endpoint = root.getAttribute('data-endpoint') || '/graphql';
const PLACEHOLDER = '<paste token>';

// An optional ?token= (or #token=) fills the headers editor, then is removed from the address bar
// so it does not linger in the history. Headers are not persisted to localStorage.
function takeToken() {
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const token = url.searchParams.get('token') || hash.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  hash.delete('token');
  const rest = hash.toString();
  url.hash = rest ? '#' + rest : '';
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return /^bearer\s/i.test(token) ? token : 'Bearer ' + token;
}
const token = takeToken();
const headersJson = (value) => JSON.stringify({ 'x-auth-token': value }, null, 2);

// The headers editor's values, the untouched placeholder left out (it is not a credential).
function userHeaders(opts) {
  const headers = {};
  for (const [name, value] of Object.entries((opts && opts.headers) || {})) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text.includes(PLACEHOLDER)) continue;
    headers[name] = text;
  }
  return headers;
}

// Parsed from the query sent, not GraphiQL's documentAST: that one lags behind the editor (it is
// re-parsed on a debounce), so a pasted subscription could still look like the previous query.
function isSubscription(params) {
  try {
    const doc = parse(params.query);
    const op = getOperationAST(doc, params.operationName || undefined);
    return !!op && op.operation === 'subscription';
  } catch {
    return false; // let the server report the syntax error
  }
}

// Subscriptions go over graphql-ws on the same path (ws:// or wss:// as the page). One connection
// per run, signed in with the headers editor's values as connection parameters — the server reads
// x-auth-token / Authorization / x-on-behalf-of there exactly as it reads the HTTP headers.
function subscribe(params, opts) {
  const url = new URL(endpoint, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const client = createClient({ url: url.href, connectionParams: userHeaders(opts), retryAttempts: 0, lazy: true });
  const events = client.iterate(params);
  let failed = false;
  const finish = () => client.dispose();
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (failed) return { done: true, value: undefined };
      try {
        const step = await events.next();
        if (step.done) finish();
        return step;
      } catch (err) {
        failed = true;
        finish();
        const closed = err && typeof err.code === 'number';
        return { done: false, value: { errors: [{ message: closed ? 'Socket closed: ' + err.code + ' ' + (err.reason || '') : String((err && err.message) || err) }] } };
      }
    },
    async return() {
      await (events.return && events.return());
      finish();
      return { done: true, value: undefined };
    },
  };
}

async function fetcher(params, opts) {
  if (isSubscription(params)) return subscribe(params, opts);
  const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...userHeaders(opts) };
  const res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(params), credentials: 'same-origin' });
  const body = await res.text();
  try {
    return JSON.parse(body);
  } catch {
    return { errors: [{ message: 'HTTP ' + res.status + ' ' + res.statusText + ': ' + body.slice(0, 2000) }] };
  }
}

const props = {
  fetcher,
  defaultQuery: '# payrail GraphQL. Put your access token into the Headers tab below.\n{\n  __typename\n}\n',
  defaultHeaders: headersJson('Bearer ' + PLACEHOLDER),
  defaultEditorToolsVisibility: 'headers',
  isHeadersEditorEnabled: true,
  shouldPersistHeaders: false,
};
if (token) props.initialHeaders = headersJson(token);

root.textContent = '';
createRoot(root).render(createElement(GraphiQL, props));
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>payrail · GraphiQL</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSET_PREFIX}app.css">
<style>html, body, #graphiql { height: 100%; margin: 0; } body { font-family: system-ui, sans-serif; }</style>
</head>
<body>
<div id="graphiql" data-endpoint="/graphql">Loading GraphiQL…</div>
<noscript>GraphiQL needs JavaScript.</noscript>
<script src="${ASSET_PREFIX}app.js"></script>
</body>
</html>
`;

function sha256(text) {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** name@version of the package holding each bundled file (node_modules/<pkg>/... or nested). */
function packagesOf(inputPaths) {
  const roots = new Set();
  for (const input of inputPaths) {
    const p = input.split(path.sep).join('/');
    const at = p.lastIndexOf('node_modules/');
    if (at < 0) continue;
    const parts = p.slice(at + 'node_modules/'.length).split('/');
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    roots.add(p.slice(0, at) + 'node_modules/' + name);
  }
  return [...roots].sort();
}

function fingerprint(packageRoots) {
  const versions = packageRoots.map((rel) => {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, rel, 'package.json'), 'utf8'));
      return `${rel}@${pkg.version}`;
    } catch {
      return `${rel}@missing`;
    }
  });
  const esbuildVersion = require('esbuild/package.json').version;
  return sha256([fs.readFileSync(__filename, 'utf8'), `esbuild@${esbuildVersion}`, ...versions].join('\n'));
}

function upToDate() {
  if (process.argv.includes('--force') || process.env.GRAPHIQL_FORCE_BUILD === '1') return false;
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return false;
  }
  if (!OUTPUTS.every((f) => fs.existsSync(path.join(OUT_DIR, f)))) return false;
  return Array.isArray(stamp.packages) && stamp.fingerprint === fingerprint(stamp.packages);
}

async function build() {
  const esbuild = require('esbuild');
  const started = process.hrtime.bigint();
  const tmpDir = `${OUT_DIR}.tmp-${process.pid}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });

  // graphiql/style.css already contains Monaco's styles and every font as a data: URL. Monaco's
  // own ESM modules import their CSS files one by one as well: drop those duplicates.
  const dropMonacoCss = {
    name: 'drop-monaco-css',
    setup(b) {
      b.onResolve({ filter: /\.css$/ }, (args) =>
        /[\\/]node_modules[\\/]monaco-editor[\\/]/.test(args.importer) ? { path: args.path, namespace: 'empty-css' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'empty-css' }, () => ({ contents: '', loader: 'css' }));
    },
  };

  const common = {
    bundle: true,
    minify: true,
    target: ['es2022'],
    platform: 'browser',
    format: 'iife',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: ROOT,
    define: { 'process.env.NODE_ENV': '"production"' },
    // Anything that is not code must be inlined: the page may not fetch from anywhere else.
    loader: { '.ttf': 'dataurl', '.woff': 'dataurl', '.woff2': 'dataurl', '.svg': 'dataurl', '.png': 'dataurl' },
  };

  const results = await Promise.all([
    esbuild.build({
      ...common,
      stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'graphiql-entry.jsx', loader: 'jsx' },
      outfile: path.join(tmpDir, 'app.js'),
      plugins: [dropMonacoCss],
    }),
    ...Object.entries(WORKERS).map(([name, entry]) =>
      esbuild.build({ ...common, entryPoints: [require.resolve(entry, { paths: [ROOT] })], outfile: path.join(tmpDir, `${name}.js`) }),
    ),
  ]);

  fs.writeFileSync(path.join(tmpDir, 'index.html'), INDEX_HTML);
  const inputs = results.flatMap((r) => Object.keys(r.metafile.inputs));
  const packages = packagesOf(inputs);
  fs.writeFileSync(STAMP.replace(OUT_DIR, tmpDir), JSON.stringify({ fingerprint: fingerprint(packages), packages }, null, 2) + '\n');

  // Swap the finished directory in, so a server never sees a half-written bundle for long.
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(OUT_DIR), { recursive: true });
  try {
    fs.renameSync(tmpDir, OUT_DIR);
  } catch (err) {
    // A concurrent build (two jest workers) got there first with the same result: keep theirs.
    fs.rmSync(tmpDir, { recursive: true, force: true });
    if (!upToDate()) throw err;
  }

  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const sizes = OUTPUTS.map((f) => `${f} ${(fs.statSync(path.join(OUT_DIR, f)).size / 1024).toFixed(0)} KiB`);
  console.log(`graphiql: built public/graphiql in ${ms.toFixed(0)} ms (${sizes.join(', ')})`);
}

module.exports = { upToDate, build, OUT_DIR };

if (require.main === module) {
  if (upToDate()) {
    console.log('graphiql: public/graphiql is up to date');
  } else {
    build().catch((err) => {
      fs.rmSync(`${OUT_DIR}.tmp-${process.pid}`, { recursive: true, force: true });
      console.error('graphiql: build failed:', err && err.message ? err.message : err);
      process.exit(1);
    });
  }
}
