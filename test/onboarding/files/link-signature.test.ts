import { fileSettings } from '../../../src/domain/onboarding/files/settings';
import { signLink, verifyLink } from '../../../src/domain/onboarding/files/links';

/**
 * Known answers for download links (AF7). The link key is HMAC-SHA256(token signing key,
 * "payrail file download links v1"); a link's signature is base64url(HMAC-SHA256(link key,
 * "v1\n<account>\n<file id>\n<expires>")). Computed with OpenSSL 3, never with payrail's functions:
 *   SK = 07 repeated 32 times (the test app's signing key, test/support/app.ts)
 *   LK=$(printf '%s' 'payrail file download links v1' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SK)
 *   printf 'v1\n6a0e1f2d-3c4b-4a59-8b7c-1d2e3f405162\n9c8b7a6d-5e4f-4321-9abc-def012345678\n1795428600' \
 *     | openssl dgst -sha256 -mac HMAC -macopt hexkey:$LK -binary | base64 | tr '+/' '-_' | tr -d '='
 */
const LINK_KEY = '50de8e67d8e09d3140c3a815fafec027e211c3c907832c79e2ba7c07a1b035de';
const ACCOUNT = '6a0e1f2d-3c4b-4a59-8b7c-1d2e3f405162';
const FILE = '9c8b7a6d-5e4f-4321-9abc-def012345678';
const EXPIRES = 1795428600; // 2026-11-23T10:10:00Z
const SIGNATURE = 'qwhel7ikK1yuFTZ25xfABBCg3ZqdntzkfsGHY0M-B4M';

const files = { quotaBytes: 1, quotaCount: 1, linkTtlSeconds: 600, store: 'postgres' as const, s3: { endpoint: undefined, region: 'x', bucket: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false } };
const key = Buffer.from(LINK_KEY, 'hex');
/** The test app's TEST_SIGNING_KEY, written out so this file does not load the app. */
const SIGNING_KEY = new Uint8Array(Buffer.alloc(32, 7));
const before = new Date('2026-11-23T10:00:00Z');

describe('download link signatures, known answers', () => {
  it('derive the known link key from the signing key', () => {
    expect(fileSettings({ config: { files }, signer: { key: SIGNING_KEY } }).linkKey.toString('hex')).toBe(LINK_KEY);
  });

  it('sign the known claims into the known path and query', () => {
    expect(signLink(key, { accountId: ACCOUNT, fileId: FILE, expires: EXPIRES })).toBe(
      `/api/v1/files/download/${FILE}?account=${ACCOUNT}&expires=${EXPIRES}&signature=${SIGNATURE}`,
    );
  });

  it('accept the known signature before the expiry, and refuse it once any claim changes', () => {
    expect(verifyLink(key, before, { fileId: FILE, account: ACCOUNT, expires: String(EXPIRES), signature: SIGNATURE })).toEqual({ accountId: ACCOUNT, fileId: FILE, expires: EXPIRES });
    const invalid = expect.objectContaining({ code: 'download_link_invalid' });
    expect(() => verifyLink(key, before, { fileId: FILE, account: ACCOUNT, expires: String(EXPIRES + 1), signature: SIGNATURE })).toThrow(invalid);
    expect(() => verifyLink(key, before, { fileId: ACCOUNT, account: FILE, expires: String(EXPIRES), signature: SIGNATURE })).toThrow(invalid);
  });

  it('answer expired for the known signature at its expiry second', () => {
    expect(() => verifyLink(key, new Date(EXPIRES * 1000), { fileId: FILE, account: ACCOUNT, expires: String(EXPIRES), signature: SIGNATURE })).toThrow(
      expect.objectContaining({ code: 'download_link_expired' }),
    );
  });
});
