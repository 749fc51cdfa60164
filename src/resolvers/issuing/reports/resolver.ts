import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { getIssuingReport } from '../../../domain/issuing/reports/queries';
import { createIssuingReport } from '../../../domain/issuing/reports/service';
import type { GraphQLContext } from '../../context';
import { mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { CreateIssuingReportInput, IssuingReport, toGraphQLIssuingReport } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { issuingReportErrors } from '../../../domain/issuing/reports/errors';
import { issuingBalanceErrors } from '../../../domain/issuing/balances/errors';
import { cardErrors } from '../../../domain/issuing/cards/errors';
import { cardTransactionErrors } from '../../../domain/issuing/transactions/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const IssuingReportsUserError = areaUserError('IssuingReports', [issuingReportErrors, issuingBalanceErrors, cardErrors, cardTransactionErrors, testClockErrors]);
const CreateIssuingReportPayload = payloadType('CreateIssuingReportPayload', 'issuingReport', () => IssuingReport, IssuingReportsUserError);

/** CI26 and CI27 over GraphQL. */
@Resolver()
export class IssuingReportsResolver {
  @Query(() => IssuingReport, { nullable: true, description: "One of the acting account's issuing reports, with its CSV" })
  issuingReport(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<IssuingReport | null> {
    return lookup(gctx, (ctx) => getIssuingReport(ctx, id), toGraphQLIssuingReport);
  }

  @Mutation(() => CreateIssuingReportPayload, { description: 'Generates an issuing report now (a snapshot of the window) and answers it with its CSV' })
  createIssuingReport(@Arg('input', () => CreateIssuingReportInput) input: CreateIssuingReportInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createIssuingReport', payload: CreateIssuingReportPayload, family: 'issuance', input: commandInput(input) }, (ctx, body) => createIssuingReport(ctx, body), toGraphQLIssuingReport);
  }
}
