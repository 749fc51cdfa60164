import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import type { RfiStatus } from './rules';

const badRequest = <const C extends string>(init: { code: C; message: string; kind: DomainError['kind']; field?: string }) =>
  new DomainError({ ...init, status: 400 });

/** RFI errors (account-center family, as the other account calls). */
export const rfiErrors = defineErrors('rfis', 'account_center', {
  /** Unknown, malformed, or not visible to the acting account, answered alike (as AF4's `entity not found`). */
  notFound: () => badRequest({ code: 'rfi_not_found', message: 'entity not found', kind: 'not_found', field: 'rfiId' }),

  /** Answers are taken once, while the compliance team waits for them. */
  notAwaitingAnswer: (status: RfiStatus) =>
    badRequest({
      code: 'rfi_not_awaiting_answer',
      message: `The request for information is not awaiting an answer (it is ${status})`,
      kind: 'business',
      field: 'rfiId',
    }),
});
