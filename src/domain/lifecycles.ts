/**
 * Loads every area's lifecycle so its transition handlers are registered before the worker or a
 * test-clock advance runs due transitions.
 */
import './deposits/lifecycle';
import './payouts/lifecycle';
import './virtual-accounts/lifecycle';
import './virtual-account-applications/lifecycle';
// payment payouts.
import './payment-payouts/lifecycle';
// Acquiring: refunds and settlements.
import './refunds/lifecycle';
import './settlements/lifecycle';
import './payments/lifecycle';
// Card issuing: the cardholder's simulated identity check.
import './cardholders/lifecycle';
import './cards/lifecycle';
// The official clients' limit elevation.
import './card-orders/lifecycle';
// Onboarding: the verification of onboarded accounts.
import './accounts/verification';
import './rfis/lifecycle';
