import os from 'node:os';
import path from 'node:path';

/**
 * Runs in every test worker before each test file (jest setupFiles; must stay synchronous).
 * Quiet, deterministic defaults; a variable already set (e.g. LOG_LEVEL=debug) wins.
 */
const defaults: Record<string, string> = {
  LOG_LEVEL: 'silent',
  NODE_ENV: 'test',
  // Formatted times (e.g. cardholder create_time) must not depend on the machine's zone.
  TZ: 'UTC',
  // Servers the tests start keep their sandbox key-encryption key here, not in the user's ~/.config.
  XDG_CONFIG_HOME: path.join(os.tmpdir(), 'payrail-test-config'),
};
for (const [key, value] of Object.entries(defaults)) {
  if (!process.env[key]) process.env[key] = value;
}

export {};
