import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
// Every area's errors.ts and REST door register when the app's modules load.
import '../../src/app';
import { errorGroups } from '../../src/platform/errors/catalogue';
import type { DomainError } from '../../src/platform/errors/domain-error';
import { accountCenter400, envelopeTables, type EnvelopeTable } from '../../src/rest-compat/envelope-tables';
import type { ErrorCodeOf } from '../../src/platform/errors/catalogue';
import type { beneficiaryErrors } from '../../src/domain/wallet/beneficiaries/errors';
import type { rfiErrors } from '../../src/domain/onboarding/rfis/errors';

/** The shared groups any route may raise: their errors carry the shape their family gives them. */
const SHARED = new Set(['platform', 'idempotency', 'validation', 'ledger', 'account-status', 'sealing', 'test-clocks', 'tokens']);

const errorsOf = (groupName: string): DomainError[] => {
  const group = errorGroups().find((g) => g.name === groupName)!;
  return Object.values(group.factories).map((factory) => factory(...Array.from({ length: Math.max(factory.length, 1) }, () => 'x')) as DomainError);
};

describe('REST envelope tables (src/rest-compat/<group>/<area>/errors.ts)', () => {
  const tables = envelopeTables();

  it('cover every code of the group they are declared for, and those errors declare no envelope of their own', () => {
    expect(tables.size).toBeGreaterThan(0);
    const gaps = [...tables].flatMap(([group, table]) =>
      errorsOf(group)
        .filter((e) => table[e.code] === undefined || e.accountCenter !== undefined || e.issuance !== undefined || e.group !== group)
        .map((e) => `${group}: ${e.code}`),
    );
    expect(gaps).toEqual([]);
  });

  it('are refused by the compiler when they miss a code: the codes of a group stay literal types', () => {
    // @ts-expect-error the table misses beneficiary_not_found, a code a factory builds with `new DomainError`
    const direct: EnvelopeTable<ErrorCodeOf<typeof beneficiaryErrors>> = {};
    // @ts-expect-error the table misses rfi_not_found, a code a factory passes through the area's helper
    const helper: EnvelopeTable<ErrorCodeOf<typeof rfiErrors>> = { rfi_not_awaiting_answer: accountCenter400 };
    expect([direct, helper]).toHaveLength(2);
  });

  /** Groups of operations the REST door does not offer (the specified API has no such path), with the reason. */
  const GRAPHQL_ONLY: Readonly<Record<string, string>> = {
    'api-keys': 'API keys are managed over GraphQL only: the specified API has no key management path',
  };

  it('leave no area without a table: every group but the shared and the GraphQL-only ones is read on the wire by its door', () => {
    const without = errorGroups()
      .filter((g) => !SHARED.has(g.name) && !(g.name in GRAPHQL_ONLY) && !tables.has(g.name))
      .map((g) => g.name);
    expect(without).toEqual([]);
    // A GraphQL-only group that gains a REST table is no longer one: the list only holds what it says.
    expect(Object.keys(GRAPHQL_ONLY).filter((name) => tables.has(name) || !errorGroups().some((g) => g.name === name))).toEqual([]);
  });

  it('leave no envelope anywhere in the domain, in an errors.ts or elsewhere', () => {
    const domain = path.resolve(__dirname, '..', '..', 'src', 'domain');
    const filesUnder = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
    const files = filesUnder(domain);
    expect(files.length).toBeGreaterThan(0);
    const envelopes = files
      .filter((f) => /\baccountCenter:|\bissuance:|\benvelope[AB]\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(domain, f));
    expect(envelopes).toEqual([]);
  });
});
