import { snakeCase } from '../../../platform/names';
/**
 * An intent keeps billing (in its attempt's card), payment_orders and browser_info as JSON in the
 * wire's names (`first_name`, `image_url`, `screen_height`): the views read them so, and rows
 * already stored keep their meaning. The commands speak the domain's names (`firstName`); the two
 * meet here, at the edge of the store. Free-form maps (metadata, customer) never pass through it.
 */


const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * A command's object in its stored (wire) names, at every depth. Values that are not plain objects
 * (an amount's Decimal) are kept as they are, for the store to write as it always has.
 */
export function storedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(storedJson);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[snakeCase(k)] = storedJson(v);
  return out;
}
