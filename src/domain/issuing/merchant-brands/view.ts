/** A merchant brand (the official clients' `MerchantBrand`). */
export interface MerchantBrandView {
  merchantCode: string;
  displayName: string;
}
