/**
 * Loads every area's lifecycle so its transition handlers are registered before the worker or a
 * test-clock advance runs due transitions.
 */
import './deposits/lifecycle';
import './payouts/lifecycle';
import './virtual-accounts/lifecycle';
// Issue 8 (bankpay): payment payouts.
import './payment-payouts/lifecycle';
// Acquiring (issue 8): refunds and settlements.
import './refunds/lifecycle';
import './settlements/lifecycle';
import './payments/lifecycle';
// Card issuing (issue 9): the cardholder's simulated identity check.
import './cardholders/lifecycle';
import './cards/lifecycle';
// The official clients' limit elevation (issue 25).
import './card-orders/lifecycle';
// Issue 10: the verification of onboarded accounts.
import './accounts/verification';
