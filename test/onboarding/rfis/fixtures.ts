import type { z } from 'zod';
import type { restRfi } from '../../../src/rest-compat/onboarding/rfis/schemas';
import { individual } from '../accounts/sub-account-bodies';
import type { Client } from '../../support/client';
import { samples, uploadOne } from '../files/fixtures';

export type RestRfi = z.output<typeof restRfi>;

/** Moves the caller's tree clock (the reviews fall due a minute after their cause). */
export async function advance(c: Client, seconds: number): Promise<void> {
  const res = await c.post('/v1/simulation/clock/advance', { seconds }, { key: null });
  if (res.status !== 200) throw new Error(`advance failed: ${res.status} ${res.raw}`);
}

/**
 * A sub-account onboarded through AF2 with the sandbox test value SIMULATE-RFI in its name, and
 * the minute after which its review asks for information. Answers the sub-account's id.
 */
export async function subAccountAskedForInformation(master: Client, nickname = 'Jane SIMULATE-RFI'): Promise<string> {
  const res = await master.post('/v1/accounts/create_accounts', { ...individual(), nickname });
  if (res.status !== 200) throw new Error(`create_accounts failed: ${res.status} ${res.raw}`);
  await advance(master, 60);
  return res.body.account_id as string;
}

export async function rfisOf(c: Client, query: Record<string, string | number> = {}): Promise<RestRfi[]> {
  const res = await c.get<{ data: RestRfi[] }>('/v1/rfis', { page_number: 1, page_size: 100, ...query });
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${res.raw}`);
  return res.body.data;
}

/** A PDF the caller uploads; answers its file id. */
export async function uploadedPdf(c: Client, filename = 'proof.pdf'): Promise<string> {
  const res = await uploadOne(c, filename, samples.pdf(), 'application/pdf');
  if (res.status !== 200) throw new Error(`upload failed: ${res.status}`);
  return (res.body as { file_id: string }).file_id;
}

/** The two answers the sandbox's questions need. */
export const answers = (fileId: string, text = 'Revenue from software licences') => [
  { key: 'proof_of_address', type: 'ATTACHMENT', attachments: [fileId] },
  { key: 'source_of_funds', type: 'TEXT', text },
];
