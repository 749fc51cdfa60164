import { merchantBrandFilter } from '../../../domain/issuing/merchant-brands/rules';
import { wireCommand } from '../../shared/command';

/** merchantBrands.list's query string. */
export const merchantBrandFilterWire = wireCommand(merchantBrandFilter);
