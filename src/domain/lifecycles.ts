/**
 * Loads every area's lifecycle so its transition handlers are registered before the worker or a
 * test-clock advance runs due transitions.
 */
import './wallet/deposits/lifecycle';
import './wallet/payouts/lifecycle';
import './wallet/virtual-accounts/lifecycle';
import './onboarding/virtual-account-applications/lifecycle';
// payment payouts.
import './acquiring/payouts/lifecycle';
// Acquiring: refunds and settlements.
import './acquiring/refunds/lifecycle';
import './acquiring/settlements/lifecycle';
import './acquiring/payments/lifecycle';
// Card issuing: the cardholder's simulated identity check.
import './issuing/cardholders/lifecycle';
import './issuing/cards/lifecycle';
// The official clients' limit elevation.
import './issuing/card-orders/lifecycle';
// Onboarding: the verification of onboarded accounts.
import './onboarding/accounts/verification';
import './onboarding/rfis/lifecycle';
