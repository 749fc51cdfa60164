import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { IssuingTransfersResolver } from './resolver';
import { IssuingTransferListResolver } from './list';
import { IssuingTransfer, toGraphQLIssuingTransfer, issuingTransferNode } from './types';
import { IssuingTransferObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const IssuingTransferMoney = moneyFields(IssuingTransfer, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount moved, with its currency' },
  feeMoney: { amount: 'feeAmount', currency: 'currency', description: 'The fee, in the transfer\'s currency' },
});

/** The transfers area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [issuingTransferNode], resolvers: [IssuingTransferMoney, IssuingTransfersResolver, IssuingTransferObjectFields, IssuingTransferListResolver], objects: { issuing_transfer: { type: IssuingTransfer, map: toGraphQLIssuingTransfer } } });
