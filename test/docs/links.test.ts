import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './catalogue/sources';

/**
 * The documentation is split over many pages (README, docs/, docs/decisions/<group>/<area>.md,
 * docs/performance/): every relative link between them names a file that exists and, when it
 * names a heading (`#the-latest-run`), a heading that page has.
 */
function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  let fenced = false;
  for (const line of fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!m) continue;
    const a = anchor(m[1]!);
    const n = seen.get(a) ?? 0;
    seen.set(a, n + 1);
    found.add(n === 0 ? a : `${a}-${n}`);
  }
  return found;
}

describe('links between the documentation pages', () => {
  const pages = ['README.md', ...markdownFiles('docs')];

  it('name files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const [file, hash] = target.split('#') as [string, string | undefined];
        const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
        if (!fs.existsSync(path.join(ROOT, resolved))) broken.push(`${page}: ${target}`);
        else if (hash && resolved.endsWith('.md') && !anchorsOf(resolved).has(hash)) broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keep every decision record in an area file the index links to', () => {
    const index = fs.readFileSync(path.join(ROOT, 'docs/decisions.md'), 'utf8');
    const areas = markdownFiles('docs/decisions').map((f) => f.slice('docs/'.length));
    expect(areas.filter((f) => !index.includes(`](${f})`))).toEqual([]);
    for (const f of areas) {
      const text = fs.readFileSync(path.join(ROOT, 'docs', f), 'utf8');
      const records = text.split('\n### ').slice(1);
      expect(records.filter((r) => !r.includes('\n- **Context:** ') || !r.includes('\n- **Decision:** ')).map((r) => `${f}: ${r.split('\n')[0]}`)).toEqual([]);
    }
  });
});
