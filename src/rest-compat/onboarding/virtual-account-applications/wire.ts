import { applicationCommand, applicationFilter } from '../../../domain/onboarding/virtual-account-applications/rules';
import { wireCommand } from '../../shared/command';

/**
 * The clients' CreateVirtualAccountParams, sent to BT14 (POST /v1/virtual/accounts): snake_case,
 * and "" or null for a payment method or nickname not used (the Python client's README: omit, None
 * or "" to evaluate LOCAL and SWIFT).
 */
export const applicationWire = wireCommand(applicationCommand, { blankIsAbsent: ['paymentMethod', 'nickname'] });

/** The clients' ListVirtualAccountApplicationsParams: status, country, currency. */
export const applicationFilterWire = wireCommand(applicationFilter);
