import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { CardTransactionsResolver } from './resolver';
import { CardTransaction, toGraphQLCardTransaction, cardTransactionNode } from './types';
import { CardTransactionObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const CardTransactionMoney = moneyFields(CardTransaction, {
  transactionMoney: { amount: 'transactionAmount', currency: 'transactionCurrency', description: 'The amount the merchant asked for, in its currency' },
  billingMoney: { amount: 'billingAmount', currency: 'billingCurrency', description: 'The amount billed to the card, in the card\'s currency' },
  transactionFeeMoney: { amount: 'transactionFee', currency: 'transactionFeeCurrency', description: 'The fee, in its currency' },
});

/** The transactions area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardTransactionNode], resolvers: [CardTransactionMoney, CardTransactionsResolver, CardTransactionObjectFields], objects: { card_transaction: { type: CardTransaction, map: toGraphQLCardTransaction } } });
