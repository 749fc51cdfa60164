import { settlementFilter } from '../../../domain/acquiring/settlements/queries';
import { wireCommand } from '../../shared/command';

/** PA11's query string: the filter's members in snake_case. */
export const settlementFilterWire = wireCommand(settlementFilter);
