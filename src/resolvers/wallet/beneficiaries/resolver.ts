import { CountryCodeScalar, CurrencyCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { beneficiaryList, checkBeneficiary, getBeneficiary, listPaymentMethods } from '../../../domain/wallet/beneficiaries/queries';
import { createBeneficiary, deleteBeneficiary, updateBeneficiary } from '../../../domain/wallet/beneficiaries/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
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
import { areaUserError, payloadType } from '../../shared/user-errors';
import { beneficiaryErrors } from '../../../domain/wallet/beneficiaries/errors';

/** The id argument is the domain's beneficiaryId: "not found" names it as the client wrote it. */
const byId = (id: string) => commandInput({ beneficiaryId: id }, { names: { beneficiaryId: 'id' } });

const BeneficiariesUserError = areaUserError('Beneficiaries', [beneficiaryErrors]);
const CreateBeneficiaryPayload = payloadType('CreateBeneficiaryPayload', 'beneficiary', () => Beneficiary, BeneficiariesUserError);
const UpdateBeneficiaryPayload = payloadType('UpdateBeneficiaryPayload', 'beneficiary', () => Beneficiary, BeneficiariesUserError);
const DeleteBeneficiaryPayload = payloadType('DeleteBeneficiaryPayload', 'beneficiary', () => Beneficiary, BeneficiariesUserError);

/** PO4-PO10 over GraphQL, on the same domain services as the REST door. */
@Resolver()
export class BeneficiariesResolver {
  @Query(() => BeneficiaryConnection, { description: "The acting account's beneficiaries, newest first (PO5)" })
  beneficiaries(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => BeneficiaryFilterInput, { nullable: true }) filter?: BeneficiaryFilterInput,
  ) {
    return connection(gctx, page, beneficiaryList, toGraphQLBeneficiary, commandInput(filter));
  }

  @Query(() => Beneficiary, { nullable: true, description: 'PO6' })
  beneficiary(@Arg('id', () => ID) id: string, @Ctx() gctx: GraphQLContext): Promise<Beneficiary | null> {
    return lookup(gctx, (ctx) => getBeneficiary(ctx, id), toGraphQLBeneficiary, byId(id));
  }

  @Query(() => BeneficiaryCheck, { description: 'PO9: runs the beneficiary rules and looks for a match on file; writes nothing' })
  checkBeneficiary(
    @Arg('input', () => CheckBeneficiaryInput) input: CheckBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ): Promise<BeneficiaryCheck> {
    return query(gctx, checkBeneficiary, toGraphQLBeneficiaryCheck, commandInput(input));
  }

  @Query(() => [BeneficiaryPaymentMethodOption], { description: 'PO10: how a bank in `country` can be paid in `currency`' })
  beneficiaryPaymentMethods(
    @Arg('currency', () => CurrencyCodeScalar) currency: string,
    @Arg('country', () => CountryCodeScalar) country: string,
    @Ctx() gctx: GraphQLContext,
  ): Promise<BeneficiaryPaymentMethodOption[]> {
    return query(
      gctx,
      async (_ctx, command) => listPaymentMethods(command),
      (methods) => methods.map(toGraphQLPaymentMethod),
      commandInput({ currency, country }),
    );
  }

  @Mutation(() => CreateBeneficiaryPayload, { description: 'PO4' })
  createBeneficiary(
    @Arg('input', () => CreateBeneficiaryInput) input: CreateBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(gctx, { field: 'createBeneficiary', payload: CreateBeneficiaryPayload, family: 'account_center', input: commandInput(input) }, createBeneficiary, toGraphQLBeneficiary);
  }

  @Mutation(() => UpdateBeneficiaryPayload, { description: 'PO7: the merged beneficiary is validated as a whole' })
  updateBeneficiary(
    @Arg('input', () => UpdateBeneficiaryInput) input: UpdateBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    // Explicit nulls stay: PO7 clears an optional field with null. The id is not a PO7 field, so the
    // merge leaves it out of the patch.
    const { id, ...patch } = input;
    const command = commandInput({ ...patch, beneficiaryId: id }, { keepNull: true, names: { beneficiaryId: 'id' } });
    return mutation(
      gctx,
      { field: 'updateBeneficiary', payload: UpdateBeneficiaryPayload, family: 'account_center', input: command },
      (ctx, patch) => updateBeneficiary(ctx, input.id, patch),
      toGraphQLBeneficiary,
    );
  }

  @Mutation(() => DeleteBeneficiaryPayload, { description: 'PO8: a soft delete; answers the beneficiary in its final DELETED state' })
  deleteBeneficiary(
    @Arg('input', () => DeleteBeneficiaryInput) input: DeleteBeneficiaryInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(
      gctx,
      { field: 'deleteBeneficiary', payload: DeleteBeneficiaryPayload, family: 'account_center', input: byId(input.id) },
      (ctx) => deleteBeneficiary(ctx, input.id),
      toGraphQLBeneficiary,
    );
  }
}
