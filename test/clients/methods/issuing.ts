import type { ClientMethod } from '../catalog';

/** The clients' issuing methods (see ../catalog.ts). */
export const ISSUING_METHODS: ClientMethod[] = [];
