import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { TransfersResolver } from './resolver';
import { Transfer, toGraphQLTransfer, transferNode } from './types';
import { TransferObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const TransferMoney = moneyFields(Transfer, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount moved, with its currency' },
});

/** The transfers area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [transferNode], resolvers: [TransferMoney, TransfersResolver, TransferObjectFields], objects: { transfer: { type: Transfer, map: toGraphQLTransfer } } });
