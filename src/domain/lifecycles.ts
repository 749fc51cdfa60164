/**
 * Loads every area's lifecycle so its transition handlers are registered before the worker or a
 * test-clock advance runs due transitions.
 */
import './deposits/lifecycle';
import './payouts/lifecycle';
import './virtual-accounts/lifecycle';
import './payments/lifecycle';
