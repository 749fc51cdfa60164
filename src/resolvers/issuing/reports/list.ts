import DataLoader from 'dataloader';
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { issuingReportList, reportCsvs } from '../../../domain/issuing/reports/queries';
import type { GraphQLContext } from '../../context';
import { Connection, ConnectionArgs } from '../../shared/connection';
import { connection } from '../../shared/operations';
import { IssuingReport, toGraphQLIssuingReportInfo } from './types';

export const IssuingReportConnection = Connection(IssuingReport, 'IssuingReport');

/** One CSV loader per request (kept beside the request's context, not in the shared loaders: only this list needs it). */
const csvLoaders = new WeakMap<GraphQLContext, DataLoader<string, string | null>>();
function csvLoader(gctx: GraphQLContext): DataLoader<string, string | null> {
  let loader = csvLoaders.get(gctx);
  if (!loader) {
    loader = new DataLoader<string, string | null>(async (ids) => {
      const found = await reportCsvs(await gctx.auth(), ids);
      return ids.map((id) => found.get(id) ?? null);
    });
    csvLoaders.set(gctx, loader);
  }
  return loader;
}

/** The issuing reports as a list, and IssuingReport.csv for a report read without it. */
@Resolver(() => IssuingReport)
export class IssuingReportListResolver {
  @Query(() => IssuingReportConnection, { description: "The acting account's issuing reports, newest first; a page selecting csv reads the page's files in one statement" })
  issuingReports(@Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs) {
    // A report of a list carries no CSV: `csv` reads it only when selected, for the whole page at once.
    return connection(gctx, page, issuingReportList, toGraphQLIssuingReportInfo);
  }

  @FieldResolver(() => String, { description: 'The CSV, UTF-8, header line first; the same bytes as the REST download' })
  async csv(@Root() report: IssuingReport, @Ctx() gctx: GraphQLContext): Promise<string> {
    if (typeof report.csv === 'string') return report.csv;
    const csv = await csvLoader(gctx).load(report.id);
    // A report listed a moment ago is the acting account's, and reports are never deleted.
    if (csv === null) throw new Error(`issuing report ${report.id} has no CSV`);
    return csv;
  }
}
