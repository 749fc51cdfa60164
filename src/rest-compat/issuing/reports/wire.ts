import { createIssuingReportCommand } from '../../../domain/issuing/reports/rules';
import { wireCommand } from '../../shared/command';

/** CI26's body: the command's members in snake_case. */
export const createIssuingReportWire = wireCommand(createIssuingReportCommand);
