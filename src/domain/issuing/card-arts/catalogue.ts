import { uuidOfName } from '../../../platform/ids/ids';
import { PRODUCT_TEMPLATES, type ProductTemplate } from '../products/catalogue';

/**
 * The card arts (designs a card is printed with) of every product, as the official clients list them
 * (`listArts`: `card_art_id`, `description`, `is_default`, `is_system_config`). Like the products,
 * they are configuration seen by every tree under ids derived from the tree's root: payrail offers
 * its own designs only (`is_system_config` true), as no client method uploads one. The first art of
 * a product is the one its cards get until the account chooses another (`setDefaultArt`).
 */
export interface ArtDesign {
  key: string;
  name: string;
}

export const ART_DESIGNS: readonly ArtDesign[] = [
  { key: 'classic', name: 'Classic white' },
  { key: 'midnight', name: 'Midnight blue' },
];

export interface ArtTemplate {
  productKey: string;
  design: ArtDesign;
  description: string;
}

const artsOf = (p: ProductTemplate): ArtTemplate[] =>
  ART_DESIGNS.map((design) => ({ productKey: p.key, design, description: `${p.cardScheme} ${p.cardBin}, ${design.name}` }));

/** Every art, product by product in the product list's order, each product's designs in ART_DESIGNS order. */
export const ART_TEMPLATES: readonly ArtTemplate[] = PRODUCT_TEMPLATES.flatMap(artsOf);

export const artIdOf = (rootAccountId: string, t: ArtTemplate): string =>
  uuidOfName(`payrail-card-art\u0000${rootAccountId}\u0000${t.productKey}\u0000${t.design.key}`);
