import { refundFilter } from '../../../domain/acquiring/refunds/queries';
import { createRefundCommand } from '../../../domain/acquiring/refunds/rules';
import { wireCommand } from '../../shared/command';

/** PA8's body: the official clients send "" or null for the optional members they do not use. */
export const createRefundWire = wireCommand(createRefundCommand, { id: 'CreateRefundRequest', blankIsAbsent: ['paymentAttemptId', 'metadata'] });

/** PA9's query string. */
export const refundFilterWire = wireCommand(refundFilter);
