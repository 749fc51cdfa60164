import type { Config } from './config';
import type { ServiceDeps } from './platform/context';
import type { TokenSigner } from './platform/auth/tokens';
import type { CardDataKeyring } from './platform/sealing/keys';

/** What the two doors hand to the domain: process-wide dependencies, built once in main. */
export interface AppServices extends ServiceDeps {
  config: Config;
  signer: TokenSigner;
  /** Keys of the card data (PAN sealing, PAN lookup hash, CVV), loaded once at boot. */
  cardDataKeys: CardDataKeyring;
}
