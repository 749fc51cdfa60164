#!/usr/bin/env node
'use strict';
/**
 * The build (`npm run build`, and the check `npm start` makes first), step by step:
 *
 *   prisma    src/generated/prisma from prisma/schema.prisma         (scripts/prisma-generate.js)
 *   areas     the lists of areas from the area folders                (scripts/areas.js)
 *   tsc       dist/ from src, scripts/*.ts, bench                     (incremental: dist/.tsbuildinfo)
 *   graphiql  public/graphiql                                         (scripts/build-graphiql.js, own stamp)
 *   docs      public/docs: the API reference page                     (scripts/build-docs.js)
 *   schema    schema.graphql from the compiled resolvers              (dist/scripts/emit-schema.js)
 *   codegen   test/support/graphql.generated.ts from test/**\/*.graphql (scripts/codegen.js)
 *
 * Each step has a fingerprint: sha256 of the content of every input file (and of the steps it
 * builds on), kept in dist/.build-stamp.json once the step succeeded. A step whose fingerprint and
 * outputs are there is skipped, so a built, unchanged checkout costs one pass of hashing; any
 * changed input, in whatever way it changed (edit, checkout, npm install), runs its step again.
 * Content, not file times: git and npm set times that do not say what changed.
 *
 *   node scripts/build.js            build what is out of date
 *   node scripts/build.js --force    build everything
 *   node scripts/build.js --check    exit 0 when up to date, 1 (listing the stale steps) otherwise
 */
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp.json');
const LOCK = path.join(DIST, '.build.lock');
const at = (...p) => path.join(ROOT, ...p);

/** Files under dir (relative to ROOT) whose name passes keep, sorted; none when dir is missing. */
function walk(dir, keep = () => true, skip = []) {
  const out = [];
  const visit = (d) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!skip.includes(p)) visit(p);
      } else if (keep(e.name)) out.push(p);
    }
  };
  visit(at(dir));
  return out.sort();
}

const STEPS = [
  {
    name: 'prisma',
    inputs: () => [at('prisma', 'schema.prisma'), at('scripts', 'prisma-generate.js'), at('package-lock.json')],
    outputs: [at('src', 'generated', 'prisma', 'client.ts')],
    command: [at('scripts', 'prisma-generate.js')],
  },
  {
    name: 'areas',
    // The lists depend on which area folders hold which of these files (scripts/areas.js).
    inputs: () => [
      at('scripts', 'areas.js'),
      ...['domain', 'rest-compat', 'resolvers'].flatMap((pillar) => walk(path.join('src', pillar), (n) => n === 'area.ts' || n === 'index.ts' || n === 'event-names.ts')),
    ],
    outputs: [at('src', 'domain', 'areas.ts'), at('src', 'domain', 'event-names.ts'), at('src', 'rest-compat', 'areas.ts'), at('src', 'resolvers', 'areas.ts')],
    command: [at('scripts', 'areas.js'), '--write'],
  },
  {
    name: 'tsc',
    after: ['prisma', 'areas'],
    inputs: () => [
      ...walk('src', () => true, [at('src', 'generated')]),
      ...walk('scripts', (n) => n.endsWith('.ts')),
      ...walk('bench'),
      at('tsconfig.json'),
      at('tsconfig.build.json'),
      at('package-lock.json'),
    ],
    outputs: [at('dist', 'src', 'main.js')],
    command: [require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-p', at('tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', path.join(DIST, '.tsbuildinfo')],
  },
  {
    name: 'graphiql',
    // Its own stamp (public/graphiql/.build-stamp.json) follows the bundled packages' versions.
    upToDate: () => require('./build-graphiql.js').upToDate(),
    command: [at('scripts', 'build-graphiql.js')],
  },
  {
    name: 'docs',
    inputs: () => [at('scripts', 'build-docs.js'), at('package-lock.json')],
    outputs: [at('public', 'docs', 'index.html'), at('public', 'docs', 'swagger-ui-bundle.js')],
    command: [at('scripts', 'build-docs.js')],
  },
  {
    name: 'schema',
    after: ['tsc'],
    inputs: () => [],
    outputs: [at('schema.graphql')],
    command: [path.join(DIST, 'scripts', 'emit-schema.js')],
  },
  {
    name: 'codegen',
    inputs: () => [at('schema.graphql'), at('codegen.yml'), at('scripts', 'codegen.js'), ...walk('test', (n) => n.endsWith('.graphql')), at('package-lock.json')],
    outputs: [at('test', 'support', 'graphql.generated.ts')],
    command: [at('scripts', 'codegen.js')],
  },
];

function readStamp() {
  try {
    const s = JSON.parse(fs.readFileSync(STAMP, 'utf8'));
    return s && typeof s.steps === 'object' && s.steps ? s : { steps: {} };
  } catch {
    return { steps: {} };
  }
}

function writeStamp(stamp) {
  fs.mkdirSync(DIST, { recursive: true });
  const tmp = `${STAMP}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(stamp, null, 2) + '\n');
  fs.renameSync(tmp, STAMP);
}

const self = fs.readFileSync(__filename);

/** sha256 over this script, the step's name, the fingerprints it builds on and its input files. */
function fingerprint(step, known) {
  const h = crypto.createHash('sha256').update(self).update(`\0${step.name}\0`);
  for (const dep of step.after ?? []) h.update(`${dep}=${known[dep]}\0`);
  for (const file of step.inputs()) {
    h.update(path.relative(ROOT, file)).update('\0');
    try {
      h.update(fs.readFileSync(file));
    } catch {
      h.update('(missing)');
    }
    h.update('\0');
  }
  return h.digest('hex');
}

function isCurrent(step, fp, stamp) {
  if (step.upToDate) return step.upToDate();
  return stamp.steps[step.name] === fp && step.outputs.every((f) => fs.existsSync(f));
}

/** The names of the steps that would run now (a step after a stale one is judged by its inputs alone). */
function staleSteps() {
  const stamp = readStamp();
  const fps = {};
  const stale = [];
  for (const step of STEPS) {
    if (step.upToDate) {
      if (!step.upToDate()) stale.push(step.name);
      continue;
    }
    fps[step.name] = fingerprint(step, fps);
    if (!isCurrent(step, fps[step.name], stamp)) stale.push(step.name);
  }
  return stale;
}

function run(step, force) {
  const args = [...step.command, ...(force && step.name === 'graphiql' ? ['--force'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    // A signal while building ends the step too, instead of leaving it running alone.
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward).on('SIGINT', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGINT', forward);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`build step ${step.name} failed (${signal ?? `exit ${code}`})`), { step: step.name }));
    });
  });
}

/**
 * Runs the out-of-date steps (all with force). Resolves to the names of the steps that ran.
 * Serialised across processes by dist/.build.lock, so two starts at once do not build over each other.
 */
async function build({ force = false, log = (m) => process.stderr.write(`${m}\n`) } = {}) {
  return withLock(async () => {
    const stamp = readStamp();
    const ran = [];
    for (const step of STEPS) {
      const fp = step.upToDate ? undefined : fingerprint(step, stamp.steps);
      if (!force && isCurrent(step, fp, stamp)) continue;
      const started = Date.now();
      await run(step, force);
      if (fp !== undefined) {
        // The fingerprint taken before the step: a file edited while it ran is built next time.
        stamp.steps[step.name] = fp;
        writeStamp(stamp);
      }
      ran.push(step.name);
      log(`build: ${step.name} done in ${Date.now() - started} ms`);
    }
    return ran;
  });
}

async function withLock(fn) {
  fs.mkdirSync(DIST, { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(LOCK, 'utf8') || '0', 10);
      if (!isAlive(holder)) fs.rmSync(LOCK, { force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

function isAlive(pid) {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

module.exports = { build, staleSteps, STAMP };

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv.includes('--check')) {
    const stale = staleSteps();
    process.stdout.write(stale.length === 0 ? 'build: up to date\n' : `build: out of date: ${stale.join(', ')}\n`);
    process.exit(stale.length === 0 ? 0 : 1);
  }
  build({ force: argv.includes('--force') }).then(
    (ran) => {
      if (ran.length === 0) process.stderr.write('build: up to date\n');
    },
    (error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
}
