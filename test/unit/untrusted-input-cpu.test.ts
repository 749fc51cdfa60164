import type { z } from 'zod';
import { isPlainCssValue } from '../../src/domain/issuing/card-secure/css-value';
import { sanitizeStyles } from '../../src/domain/issuing/card-secure/iframe-rules';
import { significantDigits } from '../../src/platform/money/json-numeral';
import { cardCommand } from '../../src/domain/acquiring/payments/rules';
import { parseInput } from '../../src/platform/validation/validate';
import { parseJsonBody } from '../../src/rest-compat/json';
import { commandInput } from '../../src/resolvers/shared/command-input';
import type { RegisteredRoute } from '../../src/rest-compat/registry';
import { startTestApp, type TestApp } from '../support/app';

/**
 * No value a caller sends can stall the process: every validator that sees untrusted text answers a
 * 1 MiB adversarial value within a second of CPU.
 *
 * This test measures time, which payrail's tests otherwise never do, because time is what it is
 * about. The budget sits between two orders of magnitude on either side: a linear check of 1 MiB
 * costs a few tens of milliseconds under ts-jest, more on a loaded machine (the CSS tokenizer takes
 * 57 ms with four other jest runs on two cores: CPU time too stretches when caches and cores are
 * shared), while a check with super-linear backtracking does at least ~10^11 steps
 * on such a value, minutes to hours. It measures CPU with process.cpuUsage (not wall time, which a
 * loaded machine stretches far more), and takes the least of up to three runs, since a
 * super-linear check is slow on every run and a pause of the machine is not. How fast the linear
 * checks are is the bench's business, not this test's.
 */
const MIB = 1024 * 1024;
const BUDGET_MS = 1000;

function cpuMs(run: () => unknown): number {
  let least = Infinity;
  for (let i = 0; i < 3 && least >= BUDGET_MS; i++) {
    const start = process.cpuUsage();
    try {
      run();
    } catch {
      // A refusal is an answer: only its cost matters here.
    }
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

/** 1 MiB values shaped against the usual ways a pattern backtracks: a long run that fails at its end. */
const ADVERSARIAL: Record<string, string> = {
  'dots between two @': `a@${'.'.repeat(MIB - 3)}@`,
  'digits then a stranger': `${'1'.repeat(MIB - 1)}!`,
  'letters then a stranger': `${'a'.repeat(MIB - 1)}!`,
  'spaces then a stranger': `${' '.repeat(MIB - 1)}!`,
  'zeros between digits': `1${'0'.repeat(MIB - 2)}1`,
};

describe('named validators of untrusted text, each on a 1 MiB adversarial value', () => {
  const cases: [string, () => unknown][] = [
    ['the billing email of a confirm', () => parseInput(cardCommand, { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123', billing: { email: ADVERSARIAL['dots between two @'] } })],
    ['the billing phone of a confirm', () => parseInput(cardCommand, { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123', billing: { phoneNumber: `+${'1'.repeat(MIB - 2)}!` } })],
    ['a CSS value of the card iframe, alone', () => isPlainCssValue(ADVERSARIAL['digits then a stranger']!)],
    ['the card iframe styles parameter', () => sanitizeStyles(encodeURIComponent(JSON.stringify({ body: { color: ADVERSARIAL['digits then a stranger'] } })))],
    ['a JSON numeral of a body with exact numerals', () => parseJsonBody(`{"amount": ${ADVERSARIAL['zeros between digits']}}`, { exactNumerals: true })],
    ['the significant digits of a numeral', () => significantDigits(`1.${'0'.repeat(MIB)}1e5`)],
    ['a field path named back into GraphQL', () => commandInput({}).nameOf(`a${'\n'.repeat(MIB)}`)],
  ];
  it.each(cases)('%s', (_name, run) => {
    expect(cpuMs(run)).toBeLessThan(BUDGET_MS);
  });
});

/** Every path of a schema at which a value sits, with the members a union's object option needs to be chosen. */
function leafPaths(schema: z.ZodType): { path: (string | number)[]; base: Record<string, unknown> }[] {
  const out: { path: (string | number)[]; base: Record<string, unknown> }[] = [];
  const walk = (s: z.ZodType, path: (string | number)[], base: Record<string, unknown>, depth: number): void => {
    const def = (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    if (depth > 12) return;
    switch (def.type) {
      case 'object': {
        const shape = def.shape as Record<string, z.ZodType>;
        for (const [key, member] of Object.entries(shape)) walk(member, [...path, key], base, depth + 1);
        return;
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return walk(def.innerType as z.ZodType, path, base, depth + 1);
      case 'pipe': {
        const input = def.in as z.ZodType;
        // A preprocess (transform, then schema) reads its value with the schema after it.
        const inner = (input as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'transform' ? (def.out as z.ZodType) : input;
        return walk(inner, path, base, depth + 1);
      }
      case 'array':
        return walk(def.element as z.ZodType, [...path, 0], base, depth + 1);
      case 'record':
        return walk(def.valueType as z.ZodType, [...path, 'key'], base, depth + 1);
      case 'union':
        for (const option of def.options as z.ZodType[]) walk(option, path, { ...base, ...discriminators(option, path) }, depth + 1);
        return;
      default:
        out.push({ path, base });
    }
  };
  walk(schema, [], {}, 0);
  return out;
}

/** The literal members of a union's object option (a discriminated union picks its option by them). */
function discriminators(option: z.ZodType, at: (string | number)[]): Record<string, unknown> {
  const def = (option as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodType> } } })._zod.def;
  if (def.type !== 'object' || at.length > 0) return {};
  const picked: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(def.shape!)) {
    const m = (member as unknown as { _zod: { def: { type: string; values?: unknown[]; entries?: Record<string, unknown> } } })._zod.def;
    if (m.type === 'literal') picked[key] = m.values![0];
    if (m.type === 'enum') picked[key] = Object.values(m.entries!)[0];
  }
  return picked;
}

function withValueAt(base: Record<string, unknown>, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const root: Record<string, unknown> = structuredClone(base);
  let node: Record<string | number, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else node = (node[key] = typeof path[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
  });
  return root;
}

describe('every field of every REST body and query schema, on each 1 MiB adversarial value', () => {
  let t: TestApp;
  let routes: readonly RegisteredRoute[];
  beforeAll(async () => {
    t = await startTestApp();
    routes = t.app.restRoutes.routes;
  });
  afterAll(() => t.close());

  it('answers within the budget', () => {
    const schemas = new Map<z.ZodType, string>();
    for (const r of routes) {
      if (r.body) schemas.set(r.body, `${r.method} ${r.path} body`);
      for (const q of r.query ?? []) schemas.set(q, `${r.method} ${r.path} query`);
    }
    const slow: string[] = [];
    let checked = 0;
    for (const [schema, where] of schemas) {
      for (const leaf of leafPaths(schema)) {
        for (const [shape, value] of Object.entries(ADVERSARIAL)) {
          const input = withValueAt(leaf.base, leaf.path, value);
          const ms = cpuMs(() => parseInput(schema, input));
          checked++;
          if (ms >= BUDGET_MS) slow.push(`${where} ${leaf.path.join('.')} (${shape}): ${ms.toFixed(1)} ms`);
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(slow).toEqual([]);
  });
});
