import type { z } from 'zod';
import type { CardArtListView, DefaultCardArtView } from '../../../domain/issuing/card-arts/view';
import { iso } from '../../shared/wire';
import type { restCardArtList, restDefaultCardArt } from './schemas';

export const toRestCardArtList = (v: CardArtListView): z.input<typeof restCardArtList> => ({
  default_card_art_id: v.defaultCardArtId,
  card_arts: v.arts.map((a) => ({ card_art_id: a.id, description: a.description, is_default: a.isDefault, is_system_config: a.isSystemConfig })),
});

export const toRestDefaultCardArt = (v: DefaultCardArtView): z.input<typeof restDefaultCardArt> => ({
  default_card_art_id: v.defaultCardArtId,
  updated_at: iso(v.updatedAt),
});
