import { DomainError } from '../errors/domain-error';
import { defineErrors } from '../errors/catalogue';

/** Token endpoint errors (spec 7.1 "Token endpoint (all flat 400)"), exact messages. */
const tokenError = (code: string, message: string, field?: string) =>
  new DomainError({
    code,
    message,
    status: 400,
    kind: 'authentication',
    field,
    accountCenter: { status: 400, message },
  });

export const tokenErrors = defineErrors('tokens', 'account_center', {
  requestParametersInvalid: (field: string) => tokenError('request_parameters_invalid', 'Request parameters invalid', field),
  invalidClientId: () => tokenError('invalid_client_id', 'Invalid client id', 'clientId'),
  invalidApiKey: () => tokenError('invalid_api_key', 'Invalid api key', 'apiKey'),
  apiKeyExpired: () => tokenError('api_key_expired', 'Api key expired', 'apiKey'),
  entityConfigNotExist: () => tokenError('entity_config_not_exist', 'Entity config not exist'),
  apiTradingStatusError: () => tokenError('api_trading_status_error', 'Api trading status error'),
  ipNotAllowed: () => tokenError('ip_not_allowed', 'IP not allowed'),
  createAccessTokenError: () => tokenError('create_access_token_error', 'Create access token error'),
});
