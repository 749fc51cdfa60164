// Deposit transitions (PENDING -> COMPLETED | FAILED) register here with defineTransition.
export {};
