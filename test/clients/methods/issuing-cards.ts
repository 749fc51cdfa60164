import type { ClientMethod, MethodStatus } from '../catalog';

const CARDS: MethodStatus = { replayedIn: 'test/clients/issuing-cards.replay.test.ts' };
const HOLDERS: MethodStatus = { replayedIn: 'test/clients/issuing-cards-holders.replay.test.ts' };
const DICT = 'dict[str, Any]';

/** The clients' issuing methods: cardholders, cards, products, reports, merchant brands (see ../catalog.ts). */
export const ISSUING_CARD_METHODS: ClientMethod[] = [
  // Node: src/resources/issuing/cards.ts, cardholders.ts, products.ts, reports.ts, merchantBrands.ts; types.ts.
  { sdk: 'node', name: 'issuing.cards.create', verb: 'POST', path: '/v1/issuing/cards', request: 'CreateCardParams', response: 'CreateCardResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.list', verb: 'GET', path: '/v1/issuing/cards', request: 'ListCardsParams', response: 'PaginatedResponse<Card>', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.retrieve', verb: 'GET', path: '/v1/issuing/cards/{id}', response: 'Card', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.retrieveSecure', verb: 'GET', path: '/v1/issuing/cards/{id}/secure', response: 'SecureCardDetails', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.update', verb: 'POST', path: '/v1/issuing/cards/{id}', request: 'UpdateCardParams', response: 'CreateCardResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.updateStatus', verb: 'POST', path: '/v1/issuing/cards/{id}/status', request: 'UpdateCardStatusParams', response: 'UpdateCardStatusResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.activate', verb: 'POST', path: '/v1/issuing/cards/activate', request: 'ActivateCardParams', response: 'ActivateCardResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.assign', verb: 'POST', path: '/v1/issuing/cards/assign', request: 'AssignCardParams', response: 'CreateCardResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.createPanToken', verb: 'POST', path: '/v1/issuing/cards/{id}/token', response: 'PanTokenResponse', status: CARDS },
  // A URL builder: it calls createPanToken's endpoint, then builds the iframe URL from the token.
  { sdk: 'node', name: 'issuing.cards.getSecureIframeUrl', verb: 'POST', path: '/v1/issuing/cards/{id}/token', request: 'SecureIframeOptions', response: 'PanTokenResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.recharge', verb: 'POST', path: '/v1/issuing/cards/{id}/recharge', request: 'CardRechargeWithdrawParams', response: 'CardRechargeWithdrawResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.withdraw', verb: 'POST', path: '/v1/issuing/cards/{id}/withdraw', request: 'CardRechargeWithdrawParams', response: 'CardRechargeWithdrawResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.retrieveOrder', verb: 'GET', path: '/v1/issuing/cards/{id}/order', response: 'CardOrderResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.elevateLimit', verb: 'POST', path: '/v1/issuing/cards/{id}/elevate_limit', request: 'ElevateLimitParams', response: 'ElevateLimitResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.enrollNetworkProtection', verb: 'POST', path: '/v1/issuing/cards/{id}/risk', request: 'EnrollNetworkProtectionParams', response: 'NetworkProtectionResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.removeNetworkProtection', verb: 'DELETE', path: '/v1/issuing/cards/{id}/risk', request: 'RemoveNetworkProtectionParams', response: 'NetworkProtectionResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.resetPin', verb: 'POST', path: '/v1/issuing/cards/pin', request: 'ResetPinParams', response: 'ResetPinResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.managePin', verb: 'POST', path: '/v1/issuing/cards/manage/pin', request: 'ManageCardPinParams', response: 'ManageCardPinResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.listArts', verb: 'GET', path: '/v1/issuing/cards/arts', request: 'ListCardArtsParams', response: 'CardArtListResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cards.setDefaultArt', verb: 'POST', path: '/v1/issuing/cards/arts/default', request: 'SetDefaultCardArtParams', response: 'SetDefaultCardArtResponse', status: CARDS },
  { sdk: 'node', name: 'issuing.cardholders.create', verb: 'POST', path: '/v1/issuing/cardholders', request: 'CreateCardholderParams', response: 'CreateCardholderResponse', status: HOLDERS },
  { sdk: 'node', name: 'issuing.cardholders.list', verb: 'GET', path: '/v1/issuing/cardholders', request: 'ListCardholdersParams', response: 'PaginatedResponse<Cardholder>', status: HOLDERS },
  { sdk: 'node', name: 'issuing.cardholders.retrieve', verb: 'GET', path: '/v1/issuing/cardholders/{id}', response: 'Cardholder', status: HOLDERS },
  { sdk: 'node', name: 'issuing.cardholders.update', verb: 'POST', path: '/v1/issuing/cardholders/{id}', request: 'UpdateCardholderParams', response: 'CreateCardholderResponse', status: HOLDERS },
  { sdk: 'node', name: 'issuing.products.list', verb: 'GET', path: '/v1/issuing/products', request: 'ListProductsParams', response: 'PaginatedResponse<CardProduct>', status: HOLDERS },
  { sdk: 'node', name: 'issuing.reports.create', verb: 'POST', path: '/v1/issuing/reports', request: 'CreateReportParams', response: 'CreateReportResponse', status: HOLDERS },
  { sdk: 'node', name: 'issuing.reports.download', verb: 'GET', path: '/v1/issuing/reports/{id}', response: 'ArrayBuffer', status: HOLDERS },
  { sdk: 'node', name: 'issuing.merchantBrands.list', verb: 'GET', path: '/v1/issuing/merchant_brands', request: 'ListMerchantBrandsParams', response: 'PaginatedResponse<MerchantBrand>', status: HOLDERS },

  // Python 2.0: uqpay/resources/issuing/cards.py, cardholders.py, products.py, reports.py, merchant_brands.py;
  // request TypedDicts under uqpay/types/issuing/; every method answers dict[str, Any].
  { sdk: 'python', name: 'issuing.cards.create', verb: 'POST', path: '/v1/issuing/cards', request: 'CreateCardParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.list', verb: 'GET', path: '/v1/issuing/cards', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.retrieve', verb: 'GET', path: '/v1/issuing/cards/{id}', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.update', verb: 'POST', path: '/v1/issuing/cards/{id}', request: 'UpdateCardParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.update_status', verb: 'POST', path: '/v1/issuing/cards/{id}/status', request: 'UpdateCardStatusParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.activate', verb: 'POST', path: '/v1/issuing/cards/activate', request: 'ActivateCardParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.assign', verb: 'POST', path: '/v1/issuing/cards/assign', request: 'AssignCardParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.reset_pin', verb: 'POST', path: '/v1/issuing/cards/pin', request: 'ResetPinParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.retrieve_order', verb: 'GET', path: '/v1/issuing/cards/{id}/order', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.retrieve_secure', verb: 'GET', path: '/v1/issuing/cards/{id}/secure', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.create_pan_token', verb: 'POST', path: '/v1/issuing/cards/{id}/token', response: DICT, status: CARDS },
  // A URL builder: it calls create_pan_token's endpoint, then builds the iframe URL from the token.
  { sdk: 'python', name: 'issuing.cards.get_secure_iframe_url', verb: 'POST', path: '/v1/issuing/cards/{id}/token', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.recharge', verb: 'POST', path: '/v1/issuing/cards/{id}/recharge', request: 'CardRechargeParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.withdraw', verb: 'POST', path: '/v1/issuing/cards/{id}/withdraw', request: 'CardWithdrawParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.elevate_limit', verb: 'POST', path: '/v1/issuing/cards/{id}/elevate_limit', request: 'ElevateLimitParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.enroll_network_protection', verb: 'POST', path: '/v1/issuing/cards/{id}/risk', request: 'EnrollNetworkProtectionParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.remove_network_protection', verb: 'DELETE', path: '/v1/issuing/cards/{id}/risk', request: 'RemoveNetworkProtectionParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.manage_pin', verb: 'POST', path: '/v1/issuing/cards/manage/pin', request: 'ManageCardPinParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.list_arts', verb: 'GET', path: '/v1/issuing/cards/arts', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cards.set_default_art', verb: 'POST', path: '/v1/issuing/cards/arts/default', request: 'SetDefaultCardArtParams', response: DICT, status: CARDS },
  { sdk: 'python', name: 'issuing.cardholders.create', verb: 'POST', path: '/v1/issuing/cardholders', request: 'CreateCardholderParams', response: DICT, status: HOLDERS },
  { sdk: 'python', name: 'issuing.cardholders.list', verb: 'GET', path: '/v1/issuing/cardholders', response: DICT, status: HOLDERS },
  { sdk: 'python', name: 'issuing.cardholders.retrieve', verb: 'GET', path: '/v1/issuing/cardholders/{id}', response: DICT, status: HOLDERS },
  { sdk: 'python', name: 'issuing.cardholders.update', verb: 'POST', path: '/v1/issuing/cardholders/{id}', request: 'UpdateCardholderParams', response: DICT, status: HOLDERS },
  { sdk: 'python', name: 'issuing.products.list', verb: 'GET', path: '/v1/issuing/products', response: DICT, status: HOLDERS },
  { sdk: 'python', name: 'issuing.reports.create', verb: 'POST', path: '/v1/issuing/reports', request: 'CreateReportParams', response: DICT, status: HOLDERS },
  { sdk: 'python', name: 'issuing.reports.download', verb: 'GET', path: '/v1/issuing/reports/{id}', response: 'Any', status: HOLDERS },
  { sdk: 'python', name: 'issuing.merchant_brands.list', verb: 'GET', path: '/v1/issuing/merchant_brands', request: 'ListMerchantBrandsParams', response: DICT, status: HOLDERS },
];
