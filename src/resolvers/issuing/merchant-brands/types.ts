import { Field, InputType, ObjectType } from 'type-graphql';
import type { MerchantBrandView } from '../../../domain/issuing/merchant-brands/view';
import { Connection } from '../../shared/connection';

@ObjectType({ description: 'A merchant brand the sandbox knows' })
export class MerchantBrand {
  @Field(() => String, { description: 'The merchant category code its merchants transact under' }) merchantCode!: string;
  @Field(() => String) displayName!: string;
}

export const MerchantBrandConnection = Connection(MerchantBrand, 'MerchantBrand');

@InputType({ description: 'Filters of merchant brands' })
export class MerchantBrandFilter {
  @Field(() => String, { nullable: true, description: 'Part of the brand name, any case' }) displayName?: string;
  @Field(() => String, { nullable: true, description: 'The merchant category code, exactly (4 digits)' }) merchantCode?: string;
}

export const toGraphQLMerchantBrand = (b: MerchantBrandView): MerchantBrand => ({ merchantCode: b.merchantCode, displayName: b.displayName });
