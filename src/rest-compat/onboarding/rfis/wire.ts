import { answerRfiCommand, rfiFilter } from '../../../domain/onboarding/rfis/rules';
import { wireCommand } from '../../shared/command';

/** The clients' AnswerRfiParams: `rfi_id` and the answers (whose members are one word on either side). */
export const answerRfiWire = wireCommand(answerRfiCommand, { nested: ['answer'] });

/** The clients' ListRfisParams: `status`. */
export const rfiFilterWire = wireCommand(rfiFilter);
