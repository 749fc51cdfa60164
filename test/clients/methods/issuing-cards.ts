import type { ClientMethod } from '../catalog';

/** The clients' issuing methods: cardholders, cards, products, reports, merchant brands (see ../catalog.ts). */
export const ISSUING_CARD_METHODS: ClientMethod[] = [];
