#!/usr/bin/env node
'use strict';
/**
 * `npm run test:repeat -- [--set <list>] [files...] <n>`: runs the given test files n times, one
 * jest run of all of them per round, rounds one after another. Prints each failure (round, file,
 * test) as it happens and a summary of rounds passed and failed per file; exits 1 if any round
 * failed. `--set test/repeat-set.txt` adds the files a list names (one a line, `#` comments).
 * Extra jest options go after `--` (e.g. `-- --maxWorkers=1`). Each round's jest output is kept in
 * a log file under the system's temp directory, named in the failure lines.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const JEST = require.resolve('jest/bin/jest', { paths: [ROOT] });

function usage(message) {
  process.stderr.write(`test:repeat: ${message}\nusage: npm run test:repeat -- [--set <list file>] [test files...] <rounds> [-- jest options]\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const files = [];
  const jestArgs = [];
  let rounds;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      jestArgs.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--set') {
      const list = argv[++i];
      if (!list) usage('--set needs a file');
      files.push(...readSet(list));
    } else if (/^\d+$/.test(a)) {
      if (rounds !== undefined) usage(`two round counts (${rounds} and ${a})`);
      rounds = Number(a);
    } else {
      files.push(a);
    }
  }
  if (rounds === undefined || rounds < 1) usage('give the number of rounds (at least 1) as a plain number');
  if (files.length === 0) usage('give at least one test file, or --set <list file>');
  const unique = [...new Set(files.map((f) => path.relative(ROOT, path.resolve(ROOT, f))))];
  for (const f of unique) if (!fs.existsSync(path.join(ROOT, f))) usage(`no such test file: ${f}`);
  return { files: unique, rounds, jestArgs };
}

function readSet(list) {
  const text = fs.readFileSync(path.resolve(ROOT, list), 'utf8');
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/** One jest run of `files`; resolves with its exit code, its JSON report (if written) and its log file. */
function runJest(files, jestArgs, round, dir) {
  const report = path.join(dir, `round-${round}.json`);
  const log = path.join(dir, `round-${round}.log`);
  const out = fs.openSync(log, 'w');
  // Paths are anchored (^…$, escaped) so that one file never also selects another that contains its name.
  const patterns = files.map((f) => `^${path.join(ROOT, f).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const child = spawn(process.execPath, [JEST, '--json', `--outputFile=${report}`, ...jestArgs, ...patterns], { cwd: ROOT, stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      let results;
      try {
        results = JSON.parse(fs.readFileSync(report, 'utf8'));
      } catch {
        results = undefined;
      }
      resolve({ code, results, log });
    });
  });
}

/** The failures of one round: [{ file, test }], with the suite's own failure when no test is named. */
function failuresOf(files, run) {
  const failures = [];
  const seen = new Set();
  for (const suite of run.results?.testResults ?? []) {
    const file = path.relative(ROOT, suite.name);
    seen.add(file);
    const failed = suite.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) failures.push({ file, test: a.fullName });
    if (suite.status === 'failed' && failed.length === 0) {
      const first = (suite.message || suite.failureMessage || 'failed outside any test').split('\n').find((l) => l.trim()) ?? '';
      failures.push({ file, test: `(file) ${first.trim()}` });
    }
  }
  for (const f of files) if (!seen.has(f)) failures.push({ file: f, test: run.results ? '(file) not run' : `(run) jest exited ${run.code} without a report` });
  if (failures.length === 0 && run.code !== 0) failures.push({ file: '(run)', test: `jest exited ${run.code} with every test passing` });
  return failures;
}

async function main() {
  const { files, rounds, jestArgs } = parseArgs(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-repeat-'));
  const tally = new Map(files.map((f) => [f, { passed: 0, failed: 0 }]));
  const notes = [];
  let failedRounds = 0;
  process.stdout.write(`test:repeat: ${files.length} file(s), ${rounds} round(s); logs in ${dir}\n`);
  for (let round = 1; round <= rounds; round++) {
    const started = Date.now();
    const run = await runJest(files, jestArgs, round, dir);
    const failures = failuresOf(files, run);
    const failedFiles = new Set(failures.map((f) => f.file));
    for (const [file, t] of tally) failedFiles.has(file) ? t.failed++ : t.passed++;
    if (failures.length > 0) failedRounds++;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`round ${round}/${rounds}: ${failures.length === 0 ? 'passed' : `${failures.length} failure(s)`} (${seconds} s)\n`);
    for (const f of failures) process.stdout.write(`  FAIL round ${round}  ${f.file}  ${f.test}  (log: ${run.log})\n`);
    // Not a failure, but what the closing note must name: a handle a file left open.
    if (fs.readFileSync(run.log, 'utf8').includes('failed to exit gracefully')) {
      notes.push(round);
      process.stdout.write(`  note round ${round}: a jest worker failed to exit gracefully (an open handle; log: ${run.log})\n`);
    }
  }
  process.stdout.write(`\nsummary: ${rounds - failedRounds} of ${rounds} round(s) passed\n`);
  const width = Math.max(...files.map((f) => f.length));
  for (const [file, t] of tally) process.stdout.write(`  ${file.padEnd(width)}  passed ${t.passed}  failed ${t.failed}\n`);
  if (notes.length > 0) process.stdout.write(`  a worker failed to exit gracefully in round(s) ${notes.join(', ')}\n`);
  process.exit(failedRounds > 0 ? 1 : 0);
}

main();
