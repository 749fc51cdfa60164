import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { CARD_ORDER_TYPES, PIN_ACTIONS } from '../../../domain/issuing/card-orders/rules';
import type { CardOrderView } from '../../../domain/issuing/card-orders/view';
import { CardOrderStatusEnum } from '../cards/types';
import { enumFrom } from '../../shared/enums';
import { DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { cardOrdersByIds } from '../../../domain/issuing/card-orders/queries';

export const CardOrderTypeEnum = enumFrom('CardOrderType', CARD_ORDER_TYPES, "CREATE (a card's creation), RECHARGE (CI8), WITHDRAW (CI9)");

@ObjectType({ implements: Node, description: 'A card order (CI8, CI9, CI12)' })
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
  @Field(() => DecimalScalar, { description: 'Greater than 0, two decimals' }) amount!: string;
}

@InputType({ description: "Raise a SHARE card's limit for some days (the official clients' elevateLimit)" })
export class ElevateCardLimitInput {
  @Field(() => ID) cardId!: string;
  @Field(() => DecimalScalar, { description: "Above the card's cardLimit; two decimals" }) limitAmount!: string;
  @Field(() => Int, { nullable: true, description: 'Days it stays in force once applied: 1 to 90, default 7' }) durationInDays?: number;
}

export const CardPinAction = enumFrom('CardPinAction', PIN_ACTIONS, "SET replaces the PIN as the issuer; RESET is the cardholder's change and needs oldPin");

@InputType({ description: "Set or change the PIN of an activated physical card (the official clients' managePin)" })
export class ManageCardPinInput {
  @Field(() => ID) cardId!: string;
  @Field(() => CardPinAction) type!: (typeof PIN_ACTIONS)[number];
  @Field(() => String, { description: '4 to 6 digits; stored only as a slow hash' }) pin!: string;
  @Field(() => String, { nullable: true, description: 'The current PIN; RESET only' }) oldPin?: string;
}

/** CardOrder as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const cardOrderNode = rowNode({ kind: 'card_order', type: CardOrder, find: cardOrdersByIds, map: toGraphQLCardOrder });
