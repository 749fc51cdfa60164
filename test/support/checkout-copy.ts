import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './server-process';
import { tempDataDir } from './temp-dirs';

/** What a checkout holds that `npm start` and the build read (node_modules is linked, not copied). */
const ENTRIES = ['src', 'scripts', 'bench', 'prisma', 'dist', 'public', 'test', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'codegen.yml', 'schema.graphql'];

export interface CheckoutCopy {
  /** The temporary directory holding the copy (`checkout/`) and room for data beside it. */
  work: string;
  /** The copied checkout: run `npm start` here. */
  checkout: string;
  remove(): void;
}

/**
 * A copy of this built checkout, sharing node_modules. `npm start` rebuilds a checkout whose build
 * is stale; a test that runs it in the real checkout would rebuild dist/ under the feet of every
 * other test of the run, so it runs in a copy.
 */
export function copyCheckout(prefix: string): CheckoutCopy {
  const work = tempDataDir(prefix);
  const checkout = path.join(work, 'checkout');
  fs.mkdirSync(checkout);
  for (const entry of ENTRIES) fs.cpSync(path.join(REPO, entry), path.join(checkout, entry), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(checkout, 'node_modules'));
  return { work, checkout, remove: () => fs.rmSync(work, { recursive: true, force: true }) };
}
