import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { CARD_ORDER_TYPES } from '../../domain/card-orders/rules';
import type { CardOrderView } from '../../domain/card-orders/view';
import { CardOrderStatusEnum } from '../cards/types';
import { enumOf } from '../shared/enums';
import { DecimalScalar } from '../shared/scalars';

export const CardOrderTypeEnum = enumOf(CARD_ORDER_TYPES);
registerEnumType(CardOrderTypeEnum, { name: 'CardOrderType', description: "CREATE (a card's creation), RECHARGE (CI8), WITHDRAW (CI9)" });

@ObjectType({ description: 'A card order (CI8, CI9, CI12)' })
export class CardOrder {
  @Field(() => ID) id!: string;
  @Field(() => ID) cardId!: string;
  @Field(() => CardOrderTypeEnum) orderType!: string;
  @Field(() => DecimalScalar) amount!: string;
  @Field(() => String) cardCurrency!: string;
  @Field(() => CardOrderStatusEnum) status!: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime) updatedAt!: string;
  @Field(() => GraphQLDateTime, { nullable: true }) completedAt!: string | null;
}

export const toGraphQLCardOrder = (o: CardOrderView): CardOrder => ({
  id: o.id,
  cardId: o.cardId,
  orderType: o.orderType,
  amount: o.amount,
  cardCurrency: o.cardCurrency,
  status: o.status,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
  completedAt: o.completedAt ? o.completedAt.toISOString() : null,
});

@InputType({ description: 'Recharge (CI8) or withdraw (CI9) a SINGLE card' })
export class CardOrderInput {
  @Field(() => ID) cardId!: string;
  @Field(() => Number, { description: 'Greater than 0, two decimals' }) amount!: number;
}
