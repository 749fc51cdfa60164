import type { ClientMethod } from '../catalog';

/** The clients' simulator methods (see ../catalog.ts). */
export const SIMULATOR_METHODS: ClientMethod[] = [];
