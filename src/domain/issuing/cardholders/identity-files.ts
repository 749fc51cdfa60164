import type { RequestContext } from '../../../platform/context';
import { checkFileIds, UNKNOWN_FILE_RULE } from '../../onboarding/files/contract';
import { isUuid } from '../../../platform/ids/ids';
import { invalidField } from '../../../platform/validation/validate';

/** The identity document members that carry an image (spec 4.11: front, back and hand/face). */
const IMAGE_FIELDS = ['frontFile', 'backFile', 'handFile'] as const;

type IdentityImages = Partial<Record<(typeof IMAGE_FIELDS)[number], string>>;

/**
 * An identity image is either inline base64 (ref's form) or the id of a file the acting account
 * uploaded (AF6). A value in file-id form (a UUID: its hyphens are not base64) is a reference and
 * must name one of the caller's files; an unknown or another tenant's id is refused naming its
 * field, as a validation error (an invalid_request_error on card issuance's routes), as payout
 * documentation and account documents do.
 */
export async function checkIdentityFiles(ctx: RequestContext, identity: IdentityImages | undefined, at?: string): Promise<void> {
  if (!identity) return;
  const refs = IMAGE_FIELDS.flatMap((f) => {
    const v = identity[f];
    return v !== undefined && isUuid(v) ? [{ field: f, fileId: v }] : [];
  });
  if (refs.length === 0) return;
  const missing = new Set(await checkFileIds(ctx, refs.map((r) => r.fileId)));
  const first = refs.find((r) => missing.has(r.fileId));
  if (first) throw invalidField(`${at ? `${at}.` : ''}identity.${first.field}`, UNKNOWN_FILE_RULE);
}
