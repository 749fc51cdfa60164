import { cardOrderCommand, elevateLimitCommand, manageCardPinCommand } from '../../../domain/issuing/card-orders/rules';
import { wireCommand } from '../../shared/command';

/** CI8 / CI9's body: the amount. */
export const cardOrderWire = wireCommand(cardOrderCommand);

/** The official clients' elevateLimit body. */
export const elevateLimitWire = wireCommand(elevateLimitCommand);

/** The official clients' managePin body. */
export const manageCardPinWire = wireCommand(manageCardPinCommand);
