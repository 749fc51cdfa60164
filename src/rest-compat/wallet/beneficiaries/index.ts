import { restArea } from '../../area';
import { toRestBeneficiary } from './present';
import { registerBeneficiariesRoutes } from './routes';

/** The beneficiaries area's REST door: its routes and how its events' views read on the wire. */
export const rest = restArea({ routes: [registerBeneficiariesRoutes], presenters: { beneficiary: toRestBeneficiary } });
