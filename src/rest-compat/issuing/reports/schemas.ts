import { z } from 'zod';
import { uuid } from '../../shared/wire';

/** ReportRef (CI26). */
export const restIssuingReportRef = z.object({ report_id: uuid }).meta({ id: 'ReportRef' });

/** CI27's download: the report's CSV file. */
export const restIssuingReportFile = z.string().describe('The report as a UTF-8 CSV file, header line first').meta({ id: 'IssuingReportFile' });
