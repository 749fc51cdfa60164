#!/usr/bin/env node
'use strict';
/**
 * `npm start` and `npm run worker`: brings the build up to date when the checkout changed since the
 * last build (scripts/build.js; a built, unchanged checkout costs one pass of hashing), then runs
 * the entry point (default dist/src/main.js) in this same process. package.json starts this script
 * with `exec`, so npm's child is this process, not a shell: the SIGTERM a supervisor sends to
 * `npm start`, which npm forwards to its child, reaches the server itself.
 */
const path = require('node:path');
const { build, staleSteps } = require('./build');

const ROOT = path.resolve(__dirname, '..');
const entry = path.resolve(ROOT, process.argv[2] || 'dist/src/main.js');

async function main() {
  const stale = staleSteps();
  if (stale.length > 0) {
    process.stderr.write(`payrail: the checkout changed since the last build (${stale.join(', ')}), building…\n`);
    try {
      await build();
    } catch (error) {
      process.stderr.write(
        `payrail could not start: ${error.message}\n` +
          '  fix: correct the errors printed above (npm run build shows them again), then start again\n',
      );
      process.exit(1);
    }
  }
  require(entry);
}

main();
