/** A card art of the acting account's tree (the official clients' `CardArtItem`). */
export interface CardArtView {
  id: string;
  /** The product whose cards may carry it. */
  cardProductId: string;
  description: string;
  isDefault: boolean;
  isSystemConfig: boolean;
}

/** `listArts`: the arts, and the one new cards get (of the product asked for, else the account's choice). */
export interface CardArtListView {
  defaultCardArtId: string;
  arts: CardArtView[];
}

/** `setDefaultArt`'s answer. */
export interface DefaultCardArtView {
  defaultCardArtId: string;
  updatedAt: Date;
}
