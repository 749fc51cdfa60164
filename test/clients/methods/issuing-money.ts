import type { ClientMethod } from '../catalog';

/** The clients' issuing methods: balances, transfers, transactions, authorization decisions (see ../catalog.ts). */
export const ISSUING_MONEY_METHODS: ClientMethod[] = [];
