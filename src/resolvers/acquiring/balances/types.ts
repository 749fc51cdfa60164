import { Field, ObjectType } from 'type-graphql';
import type { PaymentBalanceView } from '../../../domain/acquiring/balances/view';
import { Connection } from '../../shared/connection';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node } from '../../shared/node';

@ObjectType({ implements: Node, description: 'Card money of the acting account in one currency (catalogue PA14/PA15)' })
export class PaymentBalance {
  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => DecimalScalar, { description: 'Settled, net of fees: what a payment payout can take' })
  availableBalance!: string;

  @Field(() => DecimalScalar, { description: 'Captured, not yet settled' })
  pendingBalance!: string;
}

export const toGraphQLPaymentBalance = (b: PaymentBalanceView): PaymentBalance => ({
  currency: b.currency,
  availableBalance: b.availableBalance,
  pendingBalance: b.pendingBalance,
});

export const PaymentBalanceConnection = Connection(PaymentBalance, 'PaymentBalance');
