import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { CardArtListView, DefaultCardArtView } from '../../../domain/issuing/card-arts/view';

@ObjectType({ description: 'A design a card is printed with' })
export class CardArt {
  @Field(() => ID) id!: string;
  @Field(() => ID, { description: 'The product whose cards may carry it' }) cardProductId!: string;
  @Field(() => String) description!: string;
  @Field(() => Boolean, { description: 'The art new cards get (of the product asked for)' }) isDefault!: boolean;
  @Field(() => Boolean, { description: "payrail's own design (every art is, for now)" }) isSystemConfig!: boolean;
}

@ObjectType({ description: 'The card arts, and the one new cards get' })
export class CardArtList {
  @Field(() => ID) defaultCardArtId!: string;
  @Field(() => [CardArt]) cardArts!: CardArt[];
}

@ObjectType({ description: "The acting account's choice of art for its new cards" })
export class DefaultCardArt {
  @Field(() => ID) defaultCardArtId!: string;
  @Field(() => GraphQLDateTime) updatedAt!: string;
}

@InputType({ description: 'Choose the art new cards get' })
export class SetDefaultCardArtInput {
  @Field(() => ID) cardArtId!: string;
}

export const toGraphQLCardArtList = (v: CardArtListView): CardArtList => ({
  defaultCardArtId: v.defaultCardArtId,
  cardArts: v.arts.map((a) => ({ ...a })),
});

export const toGraphQLDefaultCardArt = (v: DefaultCardArtView): DefaultCardArt => ({
  defaultCardArtId: v.defaultCardArtId,
  updatedAt: v.updatedAt.toISOString(),
});
