import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { FxResolver } from './resolver';
import { Conversion, toGraphQLConversion, conversionNode, Quote } from './types';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const ConversionMoney = moneyFields(Conversion, {
  buyMoney: { amount: 'buyAmount', currency: 'buyCurrency', description: 'What the conversion buys' },
  sellMoney: { amount: 'sellAmount', currency: 'sellCurrency', description: 'What the conversion sells' },
});
const QuoteMoney = moneyFields(Quote, {
  buyMoney: { amount: 'buyAmount', currency: 'buyCurrency', description: 'What the quote buys' },
  sellMoney: { amount: 'sellAmount', currency: 'sellCurrency', description: 'What the quote sells' },
});

/** The fx area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [conversionNode], resolvers: [ConversionMoney, QuoteMoney, FxResolver], objects: { conversion: { type: Conversion, map: toGraphQLConversion } } });
