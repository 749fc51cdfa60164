import 'reflect-metadata';
// Every area's errors.ts registers its group when the app's modules load.
import '../../src/app';
import { errorGroups } from '../../src/platform/errors/catalogue';
import type { DomainError } from '../../src/platform/errors/domain-error';
import { routeRegistry } from '../../src/rest-compat/registry';
import { issuanceShapeOf } from '../../src/rest-compat/envelope-tables';

/** Each declared error, built with placeholder arguments (its message may quote them). */
const everyError = () =>
  errorGroups().flatMap((group) =>
    Object.entries(group.factories).map(([name, factory]) => ({
      group,
      name: `${group.name}.${name}`,
      error: factory(...Array.from({ length: Math.max(factory.length, 1) }, () => 'x')) as DomainError,
    })),
  );

describe('the error catalogue (docs/area-shape.md, section 5)', () => {
  it('holds the shared groups and every area', () => {
    const names = errorGroups().map((g) => g.name);
    for (const shared of ['platform', 'idempotency', 'validation', 'ledger']) expect(names).toContain(shared);
    expect(names).toEqual(expect.arrayContaining(['accounts', 'beneficiaries', 'cardholders', 'deposits', 'fx', 'payouts', 'transfers', 'virtual-accounts']));
  });

  it('gives every error of a group rendered in the card-issuance family its envelope A type/code or envelope B', () => {
    const missing = everyError()
      .filter(({ group }) => group.scope === 'issuance' || group.scope === 'every')
      .filter(({ error }) => {
        const shape = issuanceShapeOf(error);
        if (!shape) return true;
        if (shape.envelope === 'A') return !shape.type || !shape.code || !shape.message;
        return !shape.message;
      })
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('gives every error a stable code, a message and a status', () => {
    for (const { name, error } of everyError()) {
      expect([name, typeof error.code, error.code.length > 0, error.message.length > 0, error.status >= 400]).toEqual([name, 'string', true, true, true]);
    }
  });
});
