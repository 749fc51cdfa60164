import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { openIframeCard } from '../../../domain/issuing/card-secure/service';
import { IFRAME_LABELS, pickLang, sanitizeStyles, stylesToCss, type IframeLabels } from '../../../domain/issuing/card-secure/iframe-rules';
import type { AppServices } from '../../../services';
import { escapeHtml, sendSandboxPage } from '../../shared/sandbox-page';

/** The path the official client builds on its iframe host (`<host>/iframe/card?token&cardId&lang&styles`). */
export const CARD_IFRAME_PATH = '/iframe/card';

const BASE_CSS =
  'body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a;background:#fff}' +
  '.card{border:1px solid #ccc;border-radius:8px;padding:1rem}.field{margin:.4rem 0}' +
  '.label{font-size:.8rem;color:#555}.value{font-size:1.1rem;font-family:ui-monospace,monospace}';

function page(lang: string, labels: IframeLabels, body: string, customCss: string): { html: string; styleHash: string } {
  const css = customCss ? `${BASE_CSS}\n${customCss}` : BASE_CSS;
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(labels.title)}</title>
<style>${css}</style></head>
<body>${body}</body></html>`;
  return { html, styleHash: createHash('sha256').update(css, 'utf8').digest('base64') };
}

const field = (id: string, label: string, value: string) =>
  `<div class="field"><div class="label">${escapeHtml(label)}</div><div class="value" id="${id}">${escapeHtml(value)}</div></div>`;

/**
 * Headers of the page: it shows a PAN, so no script, no asset, nothing but its own hashed style;
 * framed only by payrail's own origin and PAYRAIL_CARD_IFRAME_ANCESTORS; never cached; no referrer
 * (the URL holds the token).
 */
function send(reply: FastifyReply, status: number, p: { html: string; styleHash: string }, ancestors: string[]): FastifyReply {
  return sendSandboxPage(reply, status, p.html, { formActionSelf: false, styleHash: p.styleHash, frameAncestors: ancestors });
}

type IframeQuery = { token?: string; cardId?: string; lang?: string; styles?: string };

const one = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The card iframe page (CI7's token opens it once): number, expiry, CVV and name, or a plain error page. */
export function registerCardIframePage(app: FastifyInstance, services: AppServices): void {
  app.get<{ Querystring: IframeQuery }>(CARD_IFRAME_PATH, async (req, reply) => {
    const q = req.query ?? {};
    const lang = pickLang(one(q.lang));
    const labels = IFRAME_LABELS[lang];
    const ancestors = services.config.cardIframeAncestors;
    const card = await openIframeCard(services, { token: one(q.token), cardId: one(q.cardId), requestId: String(req.id) });
    if (!card) {
      // Without a valid token the caller's styles are not read at all: the error page has the base look.
      const body = `<div class="card"><h1 id="error">${escapeHtml(labels.unavailable)}</h1><p>${escapeHtml(labels.unavailableDetail)}</p></div>`;
      return send(reply, 400, page(lang, labels, body, ''), ancestors);
    }
    const css = stylesToCss(sanitizeStyles(one(q.styles)));
    const body = `<div class="card">${field('card-number', labels.cardNumber, card.cardNumber)}${field('expiry', labels.expiry, card.expireDate)}${field('cvv', labels.cvv, card.cvv)}${field('name', labels.name, card.nameOnCard)}</div>`;
    return send(reply, 200, page(lang, labels, body, css), ancestors);
  });
}
