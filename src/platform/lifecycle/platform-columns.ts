import { TRANSITION_STATUSES } from '../scheduler/transitions';
import { statusColumn, type StatusColumn } from './status-columns';

/** The status columns of the platform's own tables (the areas declare theirs in their area.ts). */
export const PLATFORM_STATUS_COLUMNS: readonly StatusColumn[] = [statusColumn('scheduled_transitions', 'status', TRANSITION_STATUSES)];
