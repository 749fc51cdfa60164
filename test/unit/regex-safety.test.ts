import fs from 'node:fs';
import path from 'node:path';
import { check, type Diagnostics } from 'recheck';
import ts from 'typescript';
import { BILLING_EMAIL } from '../../src/domain/acquiring/payments/rules';
import { routePattern } from '../../src/rest-compat/registry';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Every regular expression in src/ matches in linear time: none backtracks super-linearly, so no
 * input can stall the event loop through a pattern. recheck decides it (its automaton checker: an
 * analysis of the pattern's automaton, not an estimate of its star height), with its native build
 * from npm (recheck-linux-x64), or its Java or Scala.js builds where that is missing.
 *
 * Literals are found by parsing every source file. A pattern built at run time (`new RegExp`) must be
 * one of the reviewed builders below, whose every built pattern is checked.
 */
const SRC = path.resolve(__dirname, '..', '..', 'src');

interface Found {
  where: string;
  source: string;
  flags: string;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) ? [p] : [];
  });
}

/** Regex literals, and the places that build one from text (`new RegExp(...)`, `RegExp(...)`). */
function scan(): { literals: Found[]; builders: string[] } {
  const literals: Found[] = [];
  const builders: string[] = [];
  for (const file of filesUnder(SRC)) {
    const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const at = (n: ts.Node) => `${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
    const visit = (n: ts.Node): void => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = n.getText(sf);
        const end = text.lastIndexOf('/');
        literals.push({ where: at(n), source: text.slice(1, end), flags: text.slice(end + 1) });
      } else if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === 'RegExp') {
        builders.push(path.relative(SRC, file));
      } else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ['match', 'matchAll', 'search'].includes(n.expression.name.text)) {
        // A string's match, matchAll and search turn a text argument into a pattern.
        const arg = n.arguments[0];
        if (arg && (ts.isStringLiteralLike(arg) || ts.isTemplateExpression(arg) || ts.isBinaryExpression(arg))) {
          builders.push(`${path.relative(SRC, file)} (${n.expression.name.text} of a text)`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { literals, builders };
}

// Fixed parameters: no time limit (a loaded machine must not turn an answer into "unknown"), the
// default seed, so the analysis is the same on every run.
const PARAMS = { checker: 'automaton', timeout: null, randomSeed: 0 } as const;

/** recheck's verdict; a pattern its automaton checker cannot model (a back-reference) is fuzzed instead. */
async function verdict(source: string, flags: string): Promise<Diagnostics> {
  const d = await check(source, flags, PARAMS);
  return d.status === 'unknown' && d.error.kind === 'unsupported' ? check(source, flags, { ...PARAMS, checker: 'fuzz' }) : d;
}

const describeVerdict = (d: Diagnostics): string =>
  d.status === 'vulnerable' ? `${d.complexity.summary}, attack ${d.attack.pattern}` : d.status === 'unknown' ? `unknown (${d.error.kind})` : d.status;

async function unsafeAmong(found: Found[]): Promise<string[]> {
  const unsafe: string[] = [];
  const seen = new Map<string, Diagnostics>();
  for (const f of found) {
    const key = `${f.flags}/${f.source}`;
    const d = seen.get(key) ?? (await verdict(f.source, f.flags));
    seen.set(key, d);
    if (d.status !== 'safe') unsafe.push(`${f.where} /${f.source}/${f.flags}: ${describeVerdict(d)}`);
  }
  return unsafe;
}

const { literals, builders } = scan();

describe('regular expressions in src/', () => {
  it('finds the literals (the scan works)', () => {
    expect(literals.length).toBeGreaterThan(100);
    expect(literals.map((l) => l.source)).toContain(BILLING_EMAIL.source);
  });

  it('every literal matches in linear time', async () => {
    expect(await unsafeAmong(literals)).toEqual([]);
  }, 120_000);

  it('builds patterns at run time only where reviewed: the REST route patterns', () => {
    expect([...new Set(builders)].sort()).toEqual(['rest-compat/registry.ts']);
  });

  describe('every pattern a builder makes', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it("the route patterns of every registered REST path match in linear time", async () => {
      const paths = [...new Set(t.app.restRoutes.routes.map((r) => r.path))];
      expect(paths.length).toBeGreaterThan(100);
      const built = paths.map((p) => ({ where: `routePattern(${p})`, source: routePattern(p).source, flags: routePattern(p).flags }));
      expect(await unsafeAmong(built)).toEqual([]);
    }, 120_000);
  });

  it('the check itself tells a backtracking pattern from a linear one', async () => {
    expect((await verdict('^(a+)+$', '')).status).toBe('vulnerable');
    expect((await verdict('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '')).status).toBe('vulnerable');
    expect((await verdict('^[a-z]+$', '')).status).toBe('safe');
  });
});
