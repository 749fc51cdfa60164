import { restArea } from '../../area';
import { beneficiaryEnvelopes } from './errors';
import { toRestBeneficiary } from './present';
import { registerBeneficiariesRoutes } from './routes';

/** The beneficiaries area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ envelopes: beneficiaryEnvelopes, routes: [registerBeneficiariesRoutes], presenters: { beneficiary: toRestBeneficiary } });
