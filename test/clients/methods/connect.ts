import type { ClientMethod } from '../catalog';

/** The clients' connect methods (see ../catalog.ts). */
export const CONNECT_METHODS: ClientMethod[] = [];
