import type { Config } from './config';
import type { ServiceDeps } from './domain/context';
import type { TokenSigner } from './domain/auth/tokens';

/** What the two doors hand to the domain: process-wide dependencies, built once in main. */
export interface AppServices extends ServiceDeps {
  config: Config;
  signer: TokenSigner;
}
