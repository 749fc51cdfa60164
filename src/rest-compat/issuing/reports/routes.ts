import type { FastifyInstance } from 'fastify';
import { getIssuingReport } from '../../../domain/issuing/reports/queries';
import { createIssuingReportWire } from './wire';
import { createIssuingReport } from '../../../domain/issuing/reports/service';
import type { AppServices } from '../../../services';
import { registerRoute } from '../../route';
import { restIssuingReportFile, restIssuingReportRef } from './schemas';

const CSV = 'text/csv; charset=utf-8';

/** CI26 and CI27, card-issuance family. */
export function registerIssuingReportRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'issuance', tag: 'issuing' } as const;
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v1/issuing/reports',
    summary: 'Create an issuing report (generated at once) over a window of at most 366 days',
    body: createIssuingReportWire.schema,
    names: createIssuingReportWire.names,
    response: restIssuingReportRef,
    handler: async (ctx, { body }) => ({ body: { report_id: (await createIssuingReport(ctx, createIssuingReportWire.toCommand(body))).id } }),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v1/issuing/reports/:id',
    summary: 'Download an issuing report as a CSV file',
    response: restIssuingReportFile,
    produces: CSV,
    handler: async (ctx, { params }) => {
      const report = await getIssuingReport(ctx, params.id ?? '');
      return { body: null, file: { contentType: CSV, fileName: report.fileName, data: Buffer.from(report.csv, 'utf8') } };
    },
  });
}
