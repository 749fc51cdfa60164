import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { DepositsResolver } from './resolver';
import { Deposit, toGraphQLDeposit, depositNode } from './types';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const DepositMoney = moneyFields(Deposit, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount deposited, with its currency' },
  feeMoney: { amount: 'fee', currency: 'currency', description: 'The fee, in the deposit\'s currency' },
});

/** The deposits area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [depositNode], resolvers: [DepositMoney, DepositsResolver], objects: { deposit: { type: Deposit, map: toGraphQLDeposit } } });
