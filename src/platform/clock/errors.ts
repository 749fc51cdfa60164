import { defineErrors } from '../errors/catalogue';
import { DomainError } from '../errors/domain-error';

/** Test-clock errors (account-center family; payrail's extension, so the texts are payrail's). */
export const testClockErrors = defineErrors('test-clocks', 'account_center', {
  sandboxOnly: () =>
    new DomainError({
      code: 'test_clock_sandbox_only',
      message: 'Test clocks exist only for sandbox accounts',
      status: 400,
      kind: 'business',
      accountCenter: { status: 400, message: 'Test clocks exist only for sandbox accounts' },
    }),
  backwards: () =>
    new DomainError({
      code: 'test_clock_backwards',
      message: "A test clock only moves forward: 'to' is before the clock's time",
      status: 400,
      kind: 'validation',
      field: 'to',
      accountCenter: { status: 400, message: "A test clock only moves forward: 'to' is before the clock's time" },
    }),
});
