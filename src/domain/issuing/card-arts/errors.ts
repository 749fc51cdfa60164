import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

/**
 * Card art errors. Spec 7.2 names none for these endpoints; an art id that is not one of the tree's
 * arts reads on the wire like the other issuance lookups (`card_not_found`, `product_not_found`).
 */
export const cardArtErrors = defineErrors('card-arts', 'issuance', {
  notFound: () =>
    new DomainError({
      code: 'card_art_not_found',
      message: 'card art not found',
      status: 400,
      kind: 'not_found',
      field: 'cardArtId',
    }),
});
