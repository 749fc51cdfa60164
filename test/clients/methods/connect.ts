import type { ClientMethod } from '../catalog';

/** The clients' connect methods (the Node client's `account`) (see ../catalog.ts). */
export const CONNECT_METHODS: ClientMethod[] = [];
