import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable, unpackNpmChromium } from '../support/browser';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-chromium-choice-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the Chromium the browser tests use', () => {
  it('is CHROMIUM_PATH when set, and a CHROMIUM_PATH that does not exist is an error', async () => {
    const custom = path.join(dir, 'my-chromium');
    fs.writeFileSync(custom, '');
    expect(await chromiumExecutable({ CHROMIUM_PATH: custom }, [])).toBe(custom);
    await expect(chromiumExecutable({ CHROMIUM_PATH: path.join(dir, 'nope') }, [])).rejects.toThrow(/CHROMIUM_PATH is .*nope, which does not exist/);
  });

  it('is a system Chromium when one exists', async () => {
    const system = path.join(dir, 'chromium');
    fs.writeFileSync(system, '');
    expect(await chromiumExecutable({}, [path.join(dir, 'absent'), system])).toBe(system);
  });

  it('is otherwise the Chromium shipped in the @sparticuz/chromium npm package, unpacked once and runnable', async () => {
    const npmChromium = await chromiumExecutable({}, [path.join(dir, 'absent')]);
    expect(npmChromium).toBe(path.join(__dirname, '..', '..', 'node_modules', '.cache', 'payrail-chromium', '153.0.0', 'chromium'));
    expect(await unpackNpmChromium()).toBe(npmChromium);
    expect(execFileSync(npmChromium, ['--version'], { encoding: 'utf8' })).toMatch(/^Chromium 153\./);
  });
});
