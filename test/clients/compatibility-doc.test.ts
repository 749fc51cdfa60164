import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_METHODS, LOCAL_METHODS, METHOD_GROUPS, NODE_SINCE, type ClientMethod, type SdkName } from './catalog';

/**
 * docs/compatibility.md is written from the catalogue of the official clients' methods, whose
 * statuses the replay files hold true (each ends with replayedEveryMethod). This test keeps the
 * document equal to the catalogue; `npm run docs:compatibility` writes it anew.
 */
const ROOT = path.resolve(__dirname, '../..');
const DOC = path.join(ROOT, 'docs/compatibility.md');

const SDK_TITLE: Record<SdkName, string> = {
  node: 'Node client (`uqpay/uqpay-node` 0.3.x, with what 1.2.0 and 2.0.0 added)',
  python: 'Python client (`uqpay/uqpay-sdk-python` 2.0)',
};

const nameCell = (m: ClientMethod) => {
  const since = m.sdk === 'node' ? NODE_SINCE[m.name] : undefined;
  return `\`${m.name}\`${since ? ` (since ${since})` : ''}`;
};

function statusCell(m: ClientMethod): string {
  return 'replayedIn' in m.status ? `works: \`${m.status.replayedIn}\`` : `not supported: ${m.status.unsupported}`;
}

function renderCompatibilityDoc(): string {
  const lines: string[] = [
    '# Compatibility with the official clients',
    '',
    '<!-- Written by `npm run docs:compatibility` from test/clients/catalog.ts; do not edit by hand. -->',
    '',
    "Every HTTP method of the provider's official clients, with what payrail does with it. A method that",
    '"works" is replayed by the named test: it sends exactly the request the client sends (path, headers,',
    "body shape and field names, as read from the client's source) and parses the answer into the type the",
    'client declares (test/clients/sdk.ts). Where the clients and the specification disagree, payrail',
    'accepts both (docs/decisions/developers/official-clients.md, "The official clients as callers").',
    '',
  ];
  for (const sdk of ['node', 'python'] as const) {
    const mine = CLIENT_METHODS.filter((m) => m.sdk === sdk);
    const works = mine.filter((m) => 'replayedIn' in m.status).length;
    const later = mine.filter((m) => sdk === 'node' && NODE_SINCE[m.name]).length;
    const count = later ? ` (${mine.length - later} in 0.3.x, ${later} added since)` : '';
    lines.push(`## ${SDK_TITLE[sdk]}`, '', `${works} of ${mine.length} HTTP methods work${count}.`, '');
    for (const [group, methods] of Object.entries(METHOD_GROUPS)) {
      const rows = methods.filter((m) => m.sdk === sdk);
      if (rows.length === 0) continue;
      lines.push(`### ${group}`, '', '| method | HTTP | status |', '|---|---|---|');
      for (const m of rows) lines.push(`| ${nameCell(m)} | \`${m.verb} ${m.path}\` | ${statusCell(m)} |`);
      lines.push('');
    }
    const local = LOCAL_METHODS.filter((m) => m.sdk === sdk);
    lines.push('### methods without an HTTP call of their own', '', '| method | what it does | status |', '|---|---|---|');
    for (const m of local) {
      const status = 'heldBy' in m.status ? `works: ${m.status.heldBy.map((f) => `\`${f}\``).join(', ')}` : `not supported: ${m.status.unsupported}`;
      lines.push(`| \`${m.name}\` | ${m.what} | ${status} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

describe('the catalogue of the official clients', () => {
  it('names each method once per client, with a path of the API', () => {
    const keys = CLIENT_METHODS.map((m) => `${m.sdk} ${m.name}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const m of CLIENT_METHODS) expect(m.path).toMatch(/^\/v[12]\//);
  });

  it("dates only the Node client's own methods", () => {
    const node = new Set(CLIENT_METHODS.filter((m) => m.sdk === 'node').map((m) => m.name));
    expect(Object.keys(NODE_SINCE).filter((name) => !node.has(name))).toEqual([]);
  });

  it('names only replay files that exist', () => {
    const missing = CLIENT_METHODS.flatMap((m) => ('replayedIn' in m.status && !fs.existsSync(path.join(ROOT, m.status.replayedIn)) ? [m.status.replayedIn] : []));
    const held = LOCAL_METHODS.flatMap((m) => ('heldBy' in m.status ? m.status.heldBy : []));
    missing.push(...held.filter((f) => !fs.existsSync(path.join(ROOT, f))));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('is what docs/compatibility.md says', () => {
    const rendered = renderCompatibilityDoc();
    if (process.env.PAYRAIL_WRITE_COMPAT_DOC === '1') fs.writeFileSync(DOC, rendered);
    const current = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
    if (current !== rendered) throw new Error('docs/compatibility.md is out of date: run `npm run docs:compatibility`');
    expect(current).toBe(rendered);
  });
});
