import { parseArgs } from 'node:util';
import { EVENT_CATALOGUE } from '../domain/event-names';
import { PayrailApi } from './api';
import { resolveCredentials } from './credentials';
import { CliFailure, CliUsageError } from './errors';
import { newSigningSecret, startListening } from './listen';
import { recipeFor, SUPPORTED_TRIGGERS } from './triggers';
import { CLI_USAGE } from './usage';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Resolves when the user asks to stop (Ctrl-C / SIGTERM). */
  stopRequested: Promise<void>;
}

const COMMON = {
  url: { type: 'string' },
  'client-id': { type: 'string' },
  'api-key': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const baseUrlOf = (flag: string | undefined, env: NodeJS.ProcessEnv): string => {
  const raw = flag ?? env.PAYRAIL_URL ?? 'http://127.0.0.1:4000';
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.origin;
  } catch {
    throw new CliUsageError(`--url must be an http(s) URL, got ${raw}`);
  }
};

async function apiFor(values: { url?: string; 'client-id'?: string; 'api-key'?: string }, io: CliIo): Promise<PayrailApi> {
  const creds = await resolveCredentials({ clientId: values['client-id'], apiKey: values['api-key'] }, io.env, io.cwd);
  const api = new PayrailApi(baseUrlOf(values.url, io.env), creds);
  await api.accessToken(); // fail early, and clearly, on a wrong URL or refused credentials
  io.out(`signed in as client_id ${creds.clientId} (${creds.source}) at ${api.baseUrl}`);
  return api;
}

async function listen(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { ...COMMON, 'forward-to': { type: 'string' }, events: { type: 'string' } }, strict: true });
  if (values.help) {
    io.out(CLI_USAGE);
    return 0;
  }
  const forwardTo = values['forward-to'];
  if (!forwardTo) throw new CliUsageError('listen needs --forward-to URL');
  try {
    new URL(forwardTo);
  } catch {
    throw new CliUsageError(`--forward-to must be a URL, got ${forwardTo}`);
  }
  const events = new Set((values.events ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const unknown = [...events].filter((e) => !Object.hasOwn(EVENT_CATALOGUE, e));
  if (unknown.length > 0) throw new CliUsageError(`unknown event name(s) in --events: ${unknown.join(', ')}`);
  const api = await apiFor(values, io);
  const secret = newSigningSecret();
  io.out(`signing secret ${secret}  (verify x-wk-signature with it: hex HMAC-SHA512 of the raw body followed by x-wk-timestamp)`);
  const listening = startListening({ api, forwardTo, events, secret, out: io.out });
  const stopped = io.stopRequested.then(async () => {
    await listening.stop();
    io.out('stopped');
  });
  await Promise.race([stopped, listening.done]);
  return 0;
}

async function trigger(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { ...COMMON, list: { type: 'boolean' } }, allowPositionals: true, strict: true });
  if (values.help) {
    io.out(CLI_USAGE);
    return 0;
  }
  if (values.list) {
    io.out(SUPPORTED_TRIGGERS.join('\n'));
    return 0;
  }
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new CliUsageError('trigger takes one event name');
  const recipe = recipeFor(name);
  if (!recipe) {
    io.err(`cannot trigger ${name}. Supported events:\n  ${SUPPORTED_TRIGGERS.join('\n  ')}`);
    return 2;
  }
  const api = await apiFor(values, io);
  const result = await Promise.race([recipe(api), io.stopRequested.then(() => undefined)]);
  if (!result) {
    io.out('stopped (calls already answered stay made)');
    return 0;
  }
  io.out(`triggered ${name}`);
  for (const [label, id] of result.created) io.out(`  ${label.padEnd(15)} ${id}`);
  if (result.note) io.out(`  note: ${result.note}`);
  return 0;
}

/** Runs one CLI command; answers the exit code (0 done, 1 failed, 2 called wrongly). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.out(CLI_USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === 'listen') return await listen(rest, io);
    if (command === 'trigger') return await trigger(rest, io);
    throw new CliUsageError(`unknown command ${command}`);
  } catch (err) {
    const parseError = (err as { code?: unknown }).code;
    if (err instanceof CliUsageError || (typeof parseError === 'string' && parseError.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`${(err as Error).message}\n\n${CLI_USAGE}`);
      return 2;
    }
    if (err instanceof CliFailure) {
      io.err(`error: ${err.message}`);
      return 1;
    }
    io.err(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
