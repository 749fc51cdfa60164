/**
 * The merchant brands the sandbox knows (the official clients' `merchantBrands.list`): a brand's
 * display name and its merchant code, the four-digit merchant category code (MCC) its merchants
 * transact under, as the clients' own example looks one up (`merchant_code: '5411'`). Several brands
 * share a code. They are configuration: the sandbox's merchants, the same in every tree, so a
 * spending control or an MCC list can be written against them; simulated authorizations take any
 * merchant name and code.
 */
export interface MerchantBrand {
  merchantCode: string;
  displayName: string;
}

export const MERCHANT_BRANDS: readonly MerchantBrand[] = [
  { merchantCode: '5942', displayName: 'Book Shop' },
  { merchantCode: '5814', displayName: 'Burger Barn' },
  { merchantCode: '4121', displayName: 'City Taxi' },
  { merchantCode: '7372', displayName: 'Cloud Hosting' },
  { merchantCode: '5814', displayName: 'Coffee Corner' },
  { merchantCode: '5411', displayName: 'Corner Grocer' },
  { merchantCode: '5999', displayName: 'Everything Store' },
  { merchantCode: '5411', displayName: 'Fresh Fields Market' },
  { merchantCode: '5541', displayName: 'Fuel Stop' },
  { merchantCode: '5732', displayName: 'Gadget Hub' },
  { merchantCode: '7011', displayName: 'Harbour Hotel' },
  { merchantCode: '5812', displayName: 'Noodle House' },
  { merchantCode: '5912', displayName: 'Pharmacy Plus' },
  { merchantCode: '4511', displayName: 'Skyline Airways' },
  { merchantCode: '4899', displayName: 'Stream Media' },
];
