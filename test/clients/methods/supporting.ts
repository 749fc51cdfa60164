import type { ClientMethod } from '../catalog';

const REPLAY = { replayedIn: 'test/clients/supporting.replay.test.ts' };

/**
 * The clients' supporting methods (see ../catalog.ts): files, which both clients send to their file
 * base URL (`https://files.uqpaytech.com/api` in the sandbox); payrail serves them under its own
 * `/api` (docs/decisions/onboarding/files.md, "The official clients as callers").
 */
export const SUPPORTING_METHODS: ClientMethod[] = [
  { sdk: 'node', name: 'supporting.files.upload', verb: 'POST', path: '/v1/files/upload', request: 'FormData (part file)', response: 'UploadFileResponse', status: REPLAY },
  { sdk: 'node', name: 'supporting.files.downloadLinks', verb: 'POST', path: '/v1/files/download_links', request: '{ file_ids }', response: 'DownloadLinksResponse', status: REPLAY },
  { sdk: 'python', name: 'supporting.files.upload', verb: 'POST', path: '/v1/files/upload', request: 'httpx files={"file": (name, bytes, mime)}', status: REPLAY },
  { sdk: 'python', name: 'supporting.files.download_links', verb: 'POST', path: '/v1/files/download_links', request: 'DownloadLinksParams', status: REPLAY },
];
