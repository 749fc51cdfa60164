import { afterClose, applicationStatusOf, provisioned, type ApplicationResult } from '../../../src/domain/onboarding/virtual-account-applications/results';
import { bankFailsToOpen } from '../../../src/domain/onboarding/virtual-account-applications/rules';

const r = (payment_method: 'LOCAL' | 'SWIFT', status: ApplicationResult['status']): ApplicationResult => ({ payment_method, status, error: null });

describe('an application\'s status from its results', () => {
  it.each([
    [[r('LOCAL', 'SUBMITTED'), r('SWIFT', 'COMPLETED')], 'SUBMITTED'],
    [[r('LOCAL', 'COMPLETED'), r('SWIFT', 'COMPLETED')], 'COMPLETED'],
    [[r('LOCAL', 'COMPLETED'), r('SWIFT', 'SKIPPED')], 'COMPLETED'],
    [[r('LOCAL', 'COMPLETED'), r('SWIFT', 'FAILED')], 'PARTIALLY_COMPLETED'],
    [[r('LOCAL', 'COMPLETED'), r('SWIFT', 'CLOSED')], 'COMPLETED'],
    [[r('LOCAL', 'CLOSED'), r('SWIFT', 'FAILED')], 'CLOSED'],
    [[r('LOCAL', 'FAILED'), r('SWIFT', 'SKIPPED')], 'FAILED'],
    [[r('SWIFT', 'FAILED')], 'FAILED'],
  ] as const)('%j is %s', (results, status) => {
    expect(applicationStatusOf(results)).toBe(status);
  });

  it('the bank opens or fails each submitted method, leaving the skipped ones', () => {
    const after = provisioned([r('LOCAL', 'SUBMITTED'), r('SWIFT', 'SUBMITTED')], (m) => m === 'SWIFT');
    expect(after).toEqual([
      { payment_method: 'LOCAL', status: 'COMPLETED', error: null },
      { payment_method: 'SWIFT', status: 'FAILED', error: { code: 'VA_PROVISIONING_FAILED', message: 'Virtual account provisioning failed' } },
    ]);
    expect(provisioned([r('LOCAL', 'SKIPPED')], () => false)).toEqual([r('LOCAL', 'SKIPPED')]);
  });

  it('a completed method is closed when all its accounts are', () => {
    expect(afterClose([r('LOCAL', 'COMPLETED'), r('SWIFT', 'COMPLETED')], (m) => m === 'LOCAL')).toEqual([r('LOCAL', 'CLOSED'), r('SWIFT', 'COMPLETED')]);
  });
});

describe('sandbox test values in the nickname', () => {
  it.each([
    ['Ops SIMULATE-FAILED', 'LOCAL', true],
    ['simulate-failed', 'SWIFT', true],
    ['SIMULATE-FAILED-SWIFT', 'SWIFT', true],
    ['SIMULATE-FAILED-SWIFT', 'LOCAL', false],
    ['SIMULATE-FAILED-LOCAL', 'LOCAL', true],
    ['Collections', 'LOCAL', false],
    [null, 'SWIFT', false],
  ] as const)('%s fails %s: %s', (nickname, method, fails) => {
    expect(bankFailsToOpen(nickname, method)).toBe(fails);
  });
});
