import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { beneficiaryList, checkBeneficiary, getBeneficiary, listPaymentMethods } from '../../../domain/wallet/beneficiaries/queries';
import { createBeneficiary, deleteBeneficiary, updateBeneficiary } from '../../../domain/wallet/beneficiaries/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query } from '../../shared/operations';
import { wireInput } from '../../shared/wire-input';
import {
  Beneficiary,
  BeneficiaryCheck,
  BeneficiaryConnection,
  BeneficiaryFilterInput,
  BeneficiaryPaymentMethodOption,
  CheckBeneficiaryInput,
  CreateBeneficiaryInput,
  DeleteBeneficiaryInput,
  toGraphQLBeneficiary,
  toGraphQLBeneficiaryCheck,
  toGraphQLPaymentMethod,
  UpdateBeneficiaryInput,
} from './types';

/** The id argument is the domain's beneficiary_id: "not found" names it as the client wrote it. */
const byId = (id: string) => wireInput({ id }, { rename: { id: 'beneficiary_id' } });

/** PO4-PO10 over GraphQL, on the same domain services as the REST door. */
@Resolver()
export class BeneficiariesResolver {
  @Query(() => BeneficiaryConnection, { description: "The acting account's beneficiaries, newest first (PO5)" })
  beneficiaries(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => BeneficiaryFilterInput, { nullable: true }) filter?: BeneficiaryFilterInput,
  ) {
    return connection(gctx, { first, after }, beneficiaryList, toGraphQLBeneficiary, wireInput(filter));
  }

  @Query(() => Beneficiary, { description: 'PO6' })
  beneficiary(@Arg('id', () => ID) id: string, @Ctx() gctx: GraphQLContext): Promise<Beneficiary> {
    return query(gctx, (ctx) => getBeneficiary(ctx, id), toGraphQLBeneficiary, byId(id));
  }

  @Query(() => BeneficiaryCheck, { description: 'PO9: runs the beneficiary rules and looks for a match on file; writes nothing' })
  checkBeneficiary(
    @Arg('input', () => CheckBeneficiaryInput) input: CheckBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<BeneficiaryCheck> {
    return query(gctx, checkBeneficiary, toGraphQLBeneficiaryCheck, wireInput(input));
  }

  @Query(() => [BeneficiaryPaymentMethodOption], { description: 'PO10: how a bank in `country` can be paid in `currency`' })
  beneficiaryPaymentMethods(
    @Arg('currency', () => String) currency: string,
    @Arg('country', () => String) country: string,
    @Ctx() gctx: GraphQLContext,
  ): Promise<BeneficiaryPaymentMethodOption[]> {
    return query(
      gctx,
      async (_ctx, wire) => listPaymentMethods(wire),
      (methods) => methods.map(toGraphQLPaymentMethod),
      wireInput({ currency, country }),
    );
  }

  @Mutation(() => Beneficiary, { description: 'PO4' })
  createBeneficiary(
    @Arg('input', () => CreateBeneficiaryInput) input: CreateBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Beneficiary> {
    const wire = wireInput(input);
    return mutation(gctx, { field: 'createBeneficiary', family: 'account_center', input: wire }, createBeneficiary, toGraphQLBeneficiary);
  }

  @Mutation(() => Beneficiary, { description: 'PO7: the merged beneficiary is validated as a whole' })
  updateBeneficiary(
    @Arg('input', () => UpdateBeneficiaryInput) input: UpdateBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Beneficiary> {
    // Explicit nulls stay: PO7 clears an optional field with null. beneficiary_id is not a PO7 field,
    // so the merge leaves it out of the patch.
    const wire = wireInput(input, { keepNull: true, rename: { id: 'beneficiary_id' } });
    return mutation(
      gctx,
      { field: 'updateBeneficiary', family: 'account_center', input: wire },
      (ctx, patch) => updateBeneficiary(ctx, input.id, patch),
      toGraphQLBeneficiary,
    );
  }

  @Mutation(() => Beneficiary, { description: 'PO8: a soft delete; answers the beneficiary in its final DELETED state' })
  deleteBeneficiary(
    @Arg('input', () => DeleteBeneficiaryInput) input: DeleteBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<Beneficiary> {
    return mutation(
      gctx,
      { field: 'deleteBeneficiary', family: 'account_center', input: byId(input.id) },
      (ctx) => deleteBeneficiary(ctx, input.id),
      toGraphQLBeneficiary,
    );
  }
}
