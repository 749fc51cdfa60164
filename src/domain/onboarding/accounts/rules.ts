import { z } from 'zod';
import { isPermission } from '../../../platform/auth/permissions';
import { parseCidr } from '../../../platform/auth/ip-allow-list';
import { ACCOUNT_STATUSES, type AccountStatus } from '../../../platform/tenancy/account-status';

// An account's statuses are the tenancy's: every call's acting account is checked against them.
export { ACCOUNT_STATUSES, type AccountStatus };

/** Value sets of spec 3.1 and the catalogue (AF2 business_type). */
export const ENTITY_TYPES = ['COMPANY', 'INDIVIDUAL'] as const;
export const BUSINESS_TYPES = ['BANKING', 'ACQUIRING', 'ISSUING'] as const;
export const VERIFICATION_STATUSES = ['REJECT', 'APPROVED', 'PENDING', 'EXPIRED', 'RETURN'] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

const name = z.string().trim().min(1).max(120);
const businessTypes = z.array(z.enum(BUSINESS_TYPES)).min(1).max(3)
  .refine((v) => new Set(v).size === v.length, 'business types must be distinct');

export const createMasterAccountInput = z.object({
  name,
  entityType: z.enum(ENTITY_TYPES).default('COMPANY'),
  businessTypes: businessTypes.default(['BANKING', 'ACQUIRING', 'ISSUING']),
  /** Back-dating exists for migrated entities; it decides their idempotency key format. */
  createdAt: z.coerce.date().optional(),
  isSandbox: z.boolean().default(true),
  apiVersion: z.string().min(1).max(16).default('V1.0'),
});
/** What callers send (the doors and the CLI pass wire values; the schema decides what is valid). */
export interface CreateMasterAccountInput {
  name: string;
  entityType?: string;
  businessTypes?: string[];
  createdAt?: string | Date;
  isSandbox?: boolean;
  apiVersion?: string;
}

export const createSubAccountInput = z.object({
  name,
  entityType: z.enum(ENTITY_TYPES).default('COMPANY'),
  /** Defaults to the parent's; must be a subset of them (a sub-account cannot open a product its master lacks). */
  businessTypes: businessTypes.optional(),
  createdAt: z.coerce.date().optional(),
});
export interface CreateSubAccountInput {
  name: string;
  entityType?: string;
  businessTypes?: string[];
  createdAt?: string | Date;
}

const cidr = z.string().refine((v) => parseCidr(v) !== undefined, 'must be an IP address or CIDR block');
const permission = z.string().refine(isPermission, 'unknown permission');

export const createApiKeyInput = z.object({
  accountId: z.uuid(),
  expiresAt: z.coerce.date().optional(),
  allowedIps: z.array(cidr).default([]),
  permissions: z.array(permission).default([]),
  /** Operators may choose the credentials (the sandbox master from the environment); else generated. */
  clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id: 8-64 letters, digits, _ or -').optional(),
  apiKey: z.string().min(16).max(256).optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const allowedIpsInput = z.array(cidr);
export const permissionsInput = z.array(permission);

/** GraphQL createSubAccount's short form: a name, an entity type and the products. */
export const createConnectedAccountCommand = z.object({
  name,
  entityType: z.enum(ENTITY_TYPES).default('COMPANY'),
  /** Defaults to the master's; must be among them. */
  businessTypes: businessTypes.optional(),
});
