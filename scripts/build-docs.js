#!/usr/bin/env node
'use strict';
/**
 * Puts the API reference page into public/docs/, served by src/docs/route.ts at /docs: Swagger UI
 * (swagger-ui-dist, pinned in package.json) showing payrail's own /api/openapi.json.
 *
 * Output (all same-origin; nothing is fetched from elsewhere):
 *   index.html              the page (no inline script)
 *   swagger-ui-bundle.js    Swagger UI, as swagger-ui-dist ships it, without its source-map comment
 *   swagger-ui.css          its styles (icons are data: URLs inside), same
 *   docs.js                 starts Swagger UI on the local document (below)
 *   LICENSE.txt             swagger-ui-dist's licence notices, shipped with the copy
 *   .build-stamp.json       fingerprint of the inputs, used to skip rebuilds
 *
 * swagger-ui-dist is already a browser bundle: it is copied, not rebuilt. The copy is skipped when
 * the stamp matches this script's source and swagger-ui-dist's version; `--force` or
 * DOCS_FORCE_BUILD=1 copies anyway.
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'public', 'docs');
const STAMP = path.join(OUT_DIR, '.build-stamp.json');
/** URL prefix the route serves the assets under (src/docs/route.ts). */
const ASSET_PREFIX = '/docs/';
const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json', { paths: [ROOT] }));
const COPIED = { 'swagger-ui-bundle.js': 'swagger-ui-bundle.js', 'swagger-ui.css': 'swagger-ui.css' };
const OUTPUTS = ['index.html', 'docs.js', 'LICENSE.txt', ...Object.keys(COPIED)];

/**
 * The page's script. validatorUrl: null, or Swagger UI sends the document to an online validator;
 * queryConfigEnabled: false, so ?url= cannot point the page at another document. An optional
 * ?token= pre-fills the x-auth-token authorization (as GraphiQL's does) and leaves the address bar.
 */
const DOCS_JS = `(function () {
  'use strict';
  var root = document.getElementById('swagger-ui');
  var url = new URL(location.href);
  var token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  root.textContent = '';
  var ui = SwaggerUIBundle({
    url: root.getAttribute('data-openapi') || '/api/openapi.json',
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    displayOperationId: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    validatorUrl: null,
    queryConfigEnabled: false,
    persistAuthorization: false,
    onComplete: function () {
      if (token) ui.preauthorizeApiKey('accessToken', /^bearer\\s/i.test(token) ? token : 'Bearer ' + token);
    },
  });
  window.ui = ui;
})();
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>payrail · REST API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSET_PREFIX}swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-openapi="/api/openapi.json">Loading the API reference…</div>
<noscript>The API reference needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<script src="${ASSET_PREFIX}swagger-ui-bundle.js"></script>
<script src="${ASSET_PREFIX}docs.js"></script>
</body>
</html>
`;

const sha256 = (text) => crypto.createHash('sha256').update(text).digest('hex');
const version = () => JSON.parse(fs.readFileSync(path.join(DIST, 'package.json'), 'utf8')).version;
const fingerprint = () => sha256([fs.readFileSync(__filename, 'utf8'), `swagger-ui-dist@${version()}`].join('\n'));

function upToDate() {
  if (process.argv.includes('--force') || process.env.DOCS_FORCE_BUILD === '1') return false;
  try {
    const stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
    return stamp.fingerprint === fingerprint() && OUTPUTS.every((f) => fs.existsSync(path.join(OUT_DIR, f)));
  } catch {
    return false;
  }
}

/** The file without its trailing source-map comment (the map is not shipped). */
const withoutSourceMap = (text) => text.replace(/\n?\/[/*]# sourceMappingURL=\S+\s*(\*\/)?\s*$/, '\n');

function build() {
  const tmpDir = `${OUT_DIR}.tmp-${process.pid}`;
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  for (const [from, to] of Object.entries(COPIED)) {
    fs.writeFileSync(path.join(tmpDir, to), withoutSourceMap(fs.readFileSync(path.join(DIST, from), 'utf8')));
  }
  const notices = ['LICENSE', 'NOTICE', 'swagger-ui-bundle.js.LICENSE.txt']
    .filter((f) => fs.existsSync(path.join(DIST, f)))
    .map((f) => `==> swagger-ui-dist@${version()}/${f} <==\n${fs.readFileSync(path.join(DIST, f), 'utf8')}`);
  fs.writeFileSync(path.join(tmpDir, 'LICENSE.txt'), notices.join('\n'));
  fs.writeFileSync(path.join(tmpDir, 'docs.js'), DOCS_JS);
  fs.writeFileSync(path.join(tmpDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(tmpDir, '.build-stamp.json'), JSON.stringify({ fingerprint: fingerprint() }, null, 2) + '\n');

  // Swap the finished directory in, so a server never sees a half-written copy for long.
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(OUT_DIR), { recursive: true });
  try {
    fs.renameSync(tmpDir, OUT_DIR);
  } catch (err) {
    // A concurrent build (two jest workers) got there first with the same result: keep theirs.
    fs.rmSync(tmpDir, { recursive: true, force: true });
    if (!upToDate()) throw err;
  }
  console.log(`docs: put Swagger UI ${version()} into public/docs`);
}

if (upToDate()) {
  console.log('docs: public/docs is up to date');
} else {
  try {
    build();
  } catch (err) {
    fs.rmSync(`${OUT_DIR}.tmp-${process.pid}`, { recursive: true, force: true });
    console.error('docs: build failed:', err && err.message ? err.message : err);
    process.exit(1);
  }
}
