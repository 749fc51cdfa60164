import type { ServiceDeps } from '../platform/context';
import type { CardDataKeyring } from '../platform/sealing/keys';
import { keyUsage, rotateCardDataKey } from '../domain/issuing/card-data/rotation';
import { KEY_REUSE_WINDOW_MS } from '../platform/idempotency/layer';
import type { KeyCustody } from '../platform/key-custody/data-keys';

/** The key commands' part of `npm run admin` (docs/security.md, "Secrets, key custody and rotation"). */
export const KEY_USAGE = `
  add-card-data-key   a new card data root key, newest from the next start of each process
  rotate-card-data-key [--batch-size N]   re-seal every PAN and sealed secret, re-key every PAN hash,
                      under the newest card data key (restart every process after add-card-data-key first)
  card-data-key-usage what still names each card data key (PANs, hashes, CVVs, sealed secrets, fingerprints)
  retire-card-data-key --id ID   remove a card data key nothing names any more
  rewrap-data-keys    wrap every data key under the newest KEK (put the new KEK first in its list first)
`;

export const KEY_COMMANDS = new Set(['add-card-data-key', 'rotate-card-data-key', 'card-data-key-usage', 'retire-card-data-key', 'rewrap-data-keys']);

export interface KeyCommandDeps extends ServiceDeps {
  cardDataKeys: CardDataKeyring;
  /** Absent when the process was not booted with the key custody (keys configured elsewhere). */
  custody?: KeyCustody;
  /** PAYRAIL_CARD_DATA_KEYS is set: the operator keeps the root keys, not the key custody. */
  cardDataKeysConfigured?: boolean;
}

export class KeyCommandRefused extends Error {}

function custodyOf(deps: KeyCommandDeps): KeyCustody {
  if (deps.cardDataKeysConfigured) {
    throw new KeyCommandRefused('PAYRAIL_CARD_DATA_KEYS is set: its list is the card data keys; add or remove keys there (newest first)');
  }
  if (!deps.custody) throw new KeyCommandRefused('no key custody in this process');
  return deps.custody;
}

export async function runKeyCommand(deps: KeyCommandDeps, command: string, values: { id?: string; batchSize?: number }): Promise<unknown> {
  switch (command) {
    case 'add-card-data-key': {
      const key = await custodyOf(deps).add('card-data');
      return { key_id: key.id, next: 'restart every process on this database, then run rotate-card-data-key' };
    }
    case 'rotate-card-data-key': {
      const r = await rotateCardDataKey(deps, { batchSize: values.batchSize });
      return { key_id: r.keyId, reencrypted: r.reencrypted, resealed: r.resealed, batches: r.batches };
    }
    case 'card-data-key-usage':
      return { current: deps.cardDataKeys.currentKeyId, keys: deps.cardDataKeys.keyIds, usage: await usage(deps) };
    case 'retire-card-data-key': {
      const id = values.id;
      if (!id) throw new KeyCommandRefused('--id is required');
      const custody = custodyOf(deps);
      if (id === deps.cardDataKeys.currentKeyId) throw new KeyCommandRefused(`${id} is the newest card data key`);
      const named = (await usage(deps))[id];
      if (named) throw new KeyCommandRefused(`${id} is still named by ${JSON.stringify(named)}: run rotate-card-data-key; CVVs keep their key until their cards are gone`);
      await custody.remove('card-data', id);
      return { retired: id, next: 'restart every process on this database' };
    }
    case 'rewrap-data-keys': {
      const r = await custodyOf(deps).rewrap();
      return { kek_id: r.kekId, rewrapped: r.rewrapped };
    }
    default:
      throw new KeyCommandRefused(`unknown key command ${command}`);
  }
}

const usage = (deps: KeyCommandDeps) => keyUsage(deps.db, deps.cardDataKeys, new Date(deps.clock.now().getTime() - KEY_REUSE_WINDOW_MS));
