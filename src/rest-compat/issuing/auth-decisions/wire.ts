import { configureAuthDecisionCommand } from '../../../domain/issuing/auth-decisions/rules';
import { wireCommand } from '../../shared/command';

/** POST /v1/issuing/auth_decision's body: the command's members in snake_case. */
export const configureAuthDecisionWire = wireCommand(configureAuthDecisionCommand);
