import { openVirtualAccountCommand } from '../../../domain/wallet/virtual-accounts/rules';
import { wireCommand } from '../../shared/command';

/** BT14's specification body: currency and payment_method, "" or null for a payment method not chosen (LOCAL). */
export const openVirtualAccountWire = wireCommand(openVirtualAccountCommand, { blankIsAbsent: ['paymentMethod'] });
