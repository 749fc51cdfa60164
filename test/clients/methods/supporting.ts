import type { ClientMethod } from '../catalog';

/** The clients' supporting methods (see ../catalog.ts). */
export const SUPPORTING_METHODS: ClientMethod[] = [];
