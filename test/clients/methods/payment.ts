import type { ClientMethod } from '../catalog';

/** The clients' payment methods (see ../catalog.ts). */
export const PAYMENT_METHODS: ClientMethod[] = [];
