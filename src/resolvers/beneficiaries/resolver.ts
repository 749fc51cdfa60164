import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import {
  checkBeneficiary,
  listBeneficiaries,
  listPaymentMethods,
  retrieveBeneficiary,
} from '../../domain/beneficiaries/queries';
import { createBeneficiary, deleteBeneficiary, updateBeneficiary } from '../../domain/beneficiaries/service';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { connectionWindow, toConnection } from '../shared/connection';
import {
  Beneficiary,
  BeneficiaryCheck,
  BeneficiaryConnection,
  BeneficiaryFilterInput,
  BeneficiaryPaymentMethodOption,
  beneficiaryInputToWire,
  CheckBeneficiaryInput,
  checkInputToWire,
  CreateBeneficiaryInput,
  DeleteBeneficiaryInput,
  filterToWire,
  toGraphQLBeneficiary,
  toGraphQLBeneficiaryCheck,
  toGraphQLPaymentMethod,
  UpdateBeneficiaryInput,
} from './types';

/** PO4-PO10 over GraphQL, on the same domain services as the REST door. */
@Resolver()
export class BeneficiariesResolver {
  @Query(() => BeneficiaryConnection, { description: "The acting account's beneficiaries, newest first (PO5)" })
  async beneficiaries(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => BeneficiaryFilterInput, { nullable: true }) filter?: BeneficiaryFilterInput,
  ): Promise<BeneficiaryConnection> {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const { items, total } = await listBeneficiaries(ctx, filterToWire(filter), window);
    return toConnection(items.map(toGraphQLBeneficiary), window.skip, total);
  }

  @Query(() => Beneficiary, { description: 'PO6' })
  async beneficiary(@Arg('id', () => ID) id: string, @Ctx() gctx: GraphQLContext): Promise<Beneficiary> {
    const ctx = await gctx.auth();
    return toGraphQLBeneficiary(await retrieveBeneficiary(ctx, id));
  }

  @Query(() => BeneficiaryCheck, { description: 'PO9: runs the beneficiary rules and looks for a match on file; writes nothing' })
  async checkBeneficiary(
    @Arg('input', () => CheckBeneficiaryInput) input: CheckBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<BeneficiaryCheck> {
    const ctx = await gctx.auth();
    return toGraphQLBeneficiaryCheck(await checkBeneficiary(ctx, checkInputToWire(input)));
  }

  @Query(() => [BeneficiaryPaymentMethodOption], { description: 'PO10: how a bank in `country` can be paid in `currency`' })
  async beneficiaryPaymentMethods(
    @Arg('currency', () => String) currency: string,
    @Arg('country', () => String) country: string,
    @Ctx() gctx: GraphQLContext,
  ): Promise<BeneficiaryPaymentMethodOption[]> {
    await gctx.auth();
    return listPaymentMethods({ currency, country }).map(toGraphQLPaymentMethod);
  }

  @Mutation(() => Beneficiary, { description: 'PO4' })
  async createBeneficiary(
    @Arg('input', () => CreateBeneficiaryInput) input: CreateBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Beneficiary> {
    const plain = beneficiaryInputToWire(input);
    return idempotentMutation(gctx, { field: 'createBeneficiary', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLBeneficiary(await createBeneficiary(ctx, plain)),
    );
  }

  @Mutation(() => Beneficiary, { description: 'PO7: the merged beneficiary is validated as a whole' })
  async updateBeneficiary(
    @Arg('input', () => UpdateBeneficiaryInput) input: UpdateBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Beneficiary> {
    const patch = beneficiaryInputToWire(input);
    const plain = { id: input.id, ...patch };
    return idempotentMutation(gctx, { field: 'updateBeneficiary', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLBeneficiary(await updateBeneficiary(ctx, input.id, patch)),
    );
  }

  @Mutation(() => Beneficiary, { description: 'PO8: a soft delete; answers the beneficiary in its final DELETED state' })
  async deleteBeneficiary(
    @Arg('input', () => DeleteBeneficiaryInput) input: DeleteBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Beneficiary> {
    const plain = { id: input.id };
    return idempotentMutation(gctx, { field: 'deleteBeneficiary', family: 'account_center', input: plain }, async (ctx) =>
      toGraphQLBeneficiary(await deleteBeneficiary(ctx, input.id)),
    );
  }
}
