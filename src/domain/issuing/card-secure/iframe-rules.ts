/**
 * What the card iframe page accepts from its query string: a language for its labels and `styles`,
 * the official client's `Record<selector, Record<property, value>>` sent as URL-encoded JSON.
 *
 * Styles are a whitelist, because the page shows a PAN: only the page's own element selectors, only
 * typographic and box properties, and only values made of plain tokens (no url(), no expression(),
 * no escapes, no quotes, no braces or semicolons that could end the rule: css-value.ts). Anything
 * else is dropped silently, as an embedding page cannot see the iframe's errors anyway.
 */

import { isPlainCssValue } from './css-value';

export const IFRAME_LANGS = ['en', 'zh', 'es'] as const;
export type IframeLang = (typeof IFRAME_LANGS)[number];

export interface IframeLabels {
  title: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  name: string;
  unavailable: string;
  unavailableDetail: string;
}

export const IFRAME_LABELS: Record<IframeLang, IframeLabels> = {
  en: {
    title: 'Card details',
    cardNumber: 'Card number',
    expiry: 'Expiry',
    cvv: 'CVV',
    name: 'Name on card',
    unavailable: 'Card details unavailable',
    unavailableDetail: 'This link is invalid, expired or already used.',
  },
  zh: {
    title: '卡片信息',
    cardNumber: '卡号',
    expiry: '有效期',
    cvv: '安全码',
    name: '持卡人姓名',
    unavailable: '无法显示卡片信息',
    unavailableDetail: '链接无效、已过期或已被使用。',
  },
  es: {
    title: 'Datos de la tarjeta',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento',
    cvv: 'CVV',
    name: 'Nombre en la tarjeta',
    unavailable: 'Datos de la tarjeta no disponibles',
    unavailableDetail: 'El enlace no es válido, ha caducado o ya se usó.',
  },
};

/** `en`, `zh`, `es`, also with a region (`zh-CN`, `es_MX`); anything else is English. */
export function pickLang(raw: string | undefined): IframeLang {
  const base = (raw ?? '').toLowerCase().split(/[-_]/)[0];
  return (IFRAME_LANGS as readonly string[]).includes(base ?? '') ? (base as IframeLang) : 'en';
}

/** The page's elements a caller may style (the ids and classes the page renders). */
export const STYLE_SELECTORS = ['body', '.card', '.label', '.value', '#card-number', '#expiry', '#cvv', '#name'] as const;

export const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-transform',
  'padding',
  'margin',
  'border',
  'border-color',
  'border-radius',
  'border-width',
  'border-style',
] as const;

const MAX_VALUE_LENGTH = 100;

/**
 * The longest `styles` parameter read, as sent (URL-encoded, possibly twice): a page's look takes a
 * few hundred characters. A longer parameter is ignored whole, before it is decoded or parsed.
 */
export const MAX_STYLES_LENGTH = 8192;

export type IframeStyles = Record<string, Record<string, string>>;

/** The safe subset of `styles` as sent (URL-encoded JSON, possibly encoded twice, as the official client does). */
export function sanitizeStyles(raw: string | undefined): IframeStyles {
  const parsed = raw !== undefined && raw.length <= MAX_STYLES_LENGTH ? parseStyles(raw) : null;
  const out: IframeStyles = {};
  if (!parsed) return out;
  for (const [selector, rules] of Object.entries(parsed)) {
    if (!(STYLE_SELECTORS as readonly string[]).includes(selector) || rules === null || typeof rules !== 'object' || Array.isArray(rules)) continue;
    const kept: Record<string, string> = {};
    for (const [prop, value] of Object.entries(rules as Record<string, unknown>)) {
      const name = prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      if (!(STYLE_PROPERTIES as readonly string[]).includes(name) || typeof value !== 'string') continue;
      if (value.length > MAX_VALUE_LENGTH || !isPlainCssValue(value)) continue;
      kept[name] = value.trim();
    }
    if (Object.keys(kept).length > 0) out[selector] = kept;
  }
  return out;
}

function parseStyles(raw: string): Record<string, unknown> | null {
  if (raw === '') return null;
  for (const candidate of [raw, safeDecode(raw)]) {
    if (candidate === null) continue;
    try {
      const v: unknown = JSON.parse(candidate);
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // not JSON in this form: try the decoded one
    }
  }
  return null;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The sanitized styles as CSS text; every part already passed the whitelist. */
export const stylesToCss = (styles: IframeStyles): string =>
  Object.entries(styles)
    .map(([sel, rules]) => `${sel}{${Object.entries(rules).map(([p, v]) => `${p}:${v}`).join(';')}}`)
    .join('\n');
