import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { SettlementsResolver } from './resolver';
import { SettlementBatch, toGraphQLSettlementBatch, Settlement } from './types';
import { SettlementObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const SettlementMoney = moneyFields(Settlement, {
  transactionMoney: { amount: 'transactionAmount', currency: 'transactionCurrency', description: 'The payment settled, in its currency' },
  settlementMoney: { amount: 'settlementAmount', currency: 'settlementCurrency', description: 'The amount settled, in the settlement currency' },
  totalFeeMoney: { amount: 'totalFeeAmount', currency: 'feeCurrency', description: 'All fees, in feeCurrency' },
});
const SettlementBatchMoney = moneyFields(SettlementBatch, {
  settlementMoney: { amount: 'settlementAmount', currency: 'currency', description: 'The amount settled, with its currency' },
  netSettlementMoney: { amount: 'netSettlementAmount', currency: 'currency', description: 'What reaches the account after fees, with its currency' },
});

/** The settlements area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [SettlementMoney, SettlementBatchMoney, SettlementsResolver, SettlementObjectFields], objects: { settlement_batch: { type: SettlementBatch, map: toGraphQLSettlementBatch } } });
