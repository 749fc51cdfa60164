#!/usr/bin/env node
// Runs `prisma generate` without network access. Every Prisma CLI command first tries to fetch a
// native schema engine from outside npm; generate never executes it, so pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips the download (see STACK-NOTES).
'use strict';
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
  PRISMA_GENERATE_SKIP_AUTOINSTALL: '1',
};
const cli = require.resolve('prisma/build/index.js', { paths: [root] });
const result = spawnSync(process.execPath, [cli, 'generate'], { cwd: root, env, encoding: 'utf8' });
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(result.status ?? 1);
}
