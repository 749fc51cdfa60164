import { advanceTestClockCommand } from '../../../domain/developers/sandbox/test-clocks';
import { wireCommand } from '../../shared/command';

/** The clock advance's body: {"seconds": N} or {"to": "<RFC 3339 time>"}, the command's own names. */
export const advanceTestClockWire = wireCommand(advanceTestClockCommand);
