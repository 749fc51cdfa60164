import { z } from 'zod';
import { dateTime, uuid } from '../../shared/wire';

/** `CardArtItem` of the official clients. */
export const restCardArt = z
  .object({ card_art_id: uuid, description: z.string(), is_default: z.boolean(), is_system_config: z.boolean() })
  .meta({ id: 'CardArt' });

/** `CardArtListResponse`: the arts, and the one new cards get. */
export const restCardArtList = z.object({ default_card_art_id: uuid, card_arts: z.array(restCardArt) }).meta({ id: 'CardArtList' });

/** `SetDefaultCardArtResponse`. */
export const restDefaultCardArt = z.object({ default_card_art_id: uuid, updated_at: dateTime }).meta({ id: 'DefaultCardArt' });
