// Payout transitions (READY_TO_SEND -> PENDING -> COMPLETED | REJECTED | FAILED) register here.
export {};
