import { checkAgainstRelease, checkRepository, type DeclaredChange } from '../../scripts/schema-gate';

const declared = (...changes: Omit<DeclaredChange, 'reason'>[]) => ({ release: '0.1', changes: changes.map((c) => ({ ...c, reason: 'test' })) });

const RELEASE = `
type Query { payout(id: ID!): Payout, old: String @deprecated(reason: "use payout"), legacy(id: ID!): Legacy @deprecated(reason: "gone in 1.1") }
type Payout { id: ID!, fee: String @deprecated(reason: "use feeAmount"), status: Status!, note(lang: String @deprecated(reason: "unused")): String }
type Legacy { id: ID! }
enum Status { PENDING PAID FAILED @deprecated(reason: "never answered") }
`;

describe('the compatibility gate (schema/release.graphql, schema/changes.json)', () => {
  it('passes on the checked-in schema: every change since the release is declared, removals were deprecated first', () => {
    const report = checkRepository();
    expect(report.undeclared).toEqual([]);
    expect(report.notDeprecatedFirst).toEqual([]);
    expect(report.stale).toEqual([]);
  });

  it('fails on a breaking change that is not declared, and passes once it is', () => {
    const current = RELEASE.replace(', fee: String @deprecated(reason: "use feeAmount")', '');
    expect(checkAgainstRelease(current, RELEASE, declared()).undeclared).toEqual([
      { type: 'FIELD_REMOVED', description: 'Payout.fee was removed.', breaking: true },
    ]);
    const ok = checkAgainstRelease(current, RELEASE, declared({ type: 'FIELD_REMOVED', description: 'Payout.fee was removed.' }));
    expect([ok.undeclared, ok.notDeprecatedFirst, ok.stale]).toEqual([[], [], []]);
  });

  it('fails on a declared removal that was not @deprecated in the release first (field, enum value, argument, type)', () => {
    const current = RELEASE.replace(', status: Status!', '').replace(' PAID', '').replace('(id: ID!): Payout,', '(id: ID!): Payout, legacyRef: Legacy,');
    const removals = [
      { type: 'FIELD_REMOVED', description: 'Payout.status was removed.' },
      { type: 'VALUE_REMOVED_FROM_ENUM', description: 'PAID was removed from enum type Status.' },
    ];
    const report = checkAgainstRelease(current, RELEASE, declared(...removals));
    expect(report.undeclared).toEqual([]);
    expect(report.notDeprecatedFirst.map((c) => c.description)).toEqual(removals.map((r) => r.description));
    // Deprecated first: the field, the enum value, the argument; the type once every use of it was.
    const gone = RELEASE.replace(', fee: String @deprecated(reason: "use feeAmount")', '')
      .replace(' FAILED @deprecated(reason: "never answered")', '')
      .replace('(lang: String @deprecated(reason: "unused"))', '')
      .replace(', legacy(id: ID!): Legacy @deprecated(reason: "gone in 1.1")', '')
      .replace('type Legacy { id: ID! }', '');
    const steps = checkAgainstRelease(gone, RELEASE, declared());
    expect(steps.undeclared.map((c) => c.type).sort()).toEqual(['ARG_REMOVED', 'FIELD_REMOVED', 'FIELD_REMOVED', 'TYPE_REMOVED', 'VALUE_REMOVED_FROM_ENUM']);
    const accepted = checkAgainstRelease(gone, RELEASE, declared(...steps.undeclared));
    expect([accepted.undeclared, accepted.notDeprecatedFirst, accepted.stale]).toEqual([[], [], []]);
  });

  it('asks a dangerous change (an enum value added) to be declared too, and refuses a declaration that no longer happens', () => {
    const current = RELEASE.replace('PENDING PAID', 'PENDING RETURNED PAID');
    expect(checkAgainstRelease(current, RELEASE, declared()).undeclared).toEqual([
      { type: 'VALUE_ADDED_TO_ENUM', description: 'RETURNED was added to enum type Status.', breaking: false },
    ]);
    const stale = checkAgainstRelease(RELEASE, RELEASE, declared({ type: 'FIELD_REMOVED', description: 'Payout.fee was removed.' }));
    expect(stale.stale.map((c) => c.description)).toEqual(['Payout.fee was removed.']);
  });
});
