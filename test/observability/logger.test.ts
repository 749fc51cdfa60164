import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertBuilt, REPO } from '../support/server-process';

// The compiled logger, run in a child process whose stdout is a terminal (script(1) gives it a
// pseudo-terminal) or a pipe: the choice is made on process.stdout.isTTY.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-logger-'));
const program = path.join(dir, 'log-once.js');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  assertBuilt();
  const logger = path.join(REPO, 'dist', 'src', 'platform', 'observability', 'logger.js');
  fs.writeFileSync(program, `require(${JSON.stringify(logger)}).createLogger({ level: 'info' }).info({ reqId: 'req-1', route: '/healthz', status: 200 }, 'request');\n`);
});

describe('log lines', () => {
  it('are JSON, one object per line, when stdout is not a terminal', () => {
    const out = execFileSync(process.execPath, [program], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'request', reqId: 'req-1', route: '/healthz', status: 200, service: 'payrail' });
  });

  it('are human-readable when stdout is a terminal: time, level, message and the fields on one line', () => {
    const out = execFileSync('script', ['-qec', `${process.execPath} ${program}`, '/dev/null'], { encoding: 'utf8' });
    // eslint-disable-next-line no-control-regex
    const plain = out.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '').trim();
    expect(plain.split('\n')).toHaveLength(1);
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request \{"reqId":"req-1","route":"\/healthz","status":200\}$/);
  });
});
