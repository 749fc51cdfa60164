import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerChallenge, viewChallenge, type ChallengeView } from '../../domain/payments/challenge';
import { isDomainError } from '../../domain/errors/domain-error';
import { CHALLENGE_PATH } from '../../domain/payments/three-ds';
import type { AppServices } from '../../services';

/**
 * The sandbox's 3-D Secure challenge page (next_action.redirect_to_url.url): plain HTML served by
 * payrail on its own origin, no script and no external asset. Its two buttons post back here; the
 * answer redirects the browser to the intent's return_url. The link itself is the credential
 * (domain/payments/three-ds.ts): unguessable, and dead once answered.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  // No form-action: the answer redirects to the merchant's return_url, which form-action would block.
].join('; ');

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.box{border:1px solid #ccc;border-radius:8px;padding:1.5rem}form{display:inline}button{font-size:1rem;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #888;cursor:pointer}
#complete{background:#1f7a3a;color:#fff;border-color:#1f7a3a}#fail{background:#fff}</style></head>
<body><div class="box">${body}</div></body></html>`;
}

const challengeHtml = (token: string, v: ChallengeView) =>
  page(
    '3-D Secure authentication',
    `<h1>3-D Secure authentication</h1>
<p>payrail sandbox: authenticate this payment of <strong>${escape(v.amount)} ${escape(v.currency)}</strong>${v.description ? ` for <em>${escape(v.description)}</em>` : ''} with the card <code>${escape(v.cardNumber)}</code>.</p>
<form method="post" action="${CHALLENGE_PATH}/${escape(token)}/complete"><button id="complete" type="submit">Complete authentication</button></form>
<form method="post" action="${CHALLENGE_PATH}/${escape(token)}/fail"><button id="fail" type="submit">Fail authentication</button></form>`,
  );

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(html);

const unavailable = (reply: FastifyReply) =>
  sendPage(reply, 400, page('Link no longer valid', '<h1>This authentication link is no longer valid</h1><p>It was already used, or the payment moved on.</p>'));

/** The return_url with the intent's id added, as Stripe adds payment_intent to it. */
function returnTo(returnUrl: string, intentId: string): string {
  try {
    const url = new URL(returnUrl);
    url.searchParams.set('payment_intent_id', intentId);
    return url.toString();
  } catch {
    return returnUrl;
  }
}

export function registerChallengePage(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { token: string } }>(`${CHALLENGE_PATH}/:token`, async (req, reply) => {
    try {
      return sendPage(reply, 200, challengeHtml(req.params.token, await viewChallenge(services, req.params.token)));
    } catch (e) {
      if (isDomainError(e)) return unavailable(reply);
      throw e;
    }
  });
  for (const answer of ['complete', 'fail'] as const) {
    app.post<{ Params: { token: string } }>(`${CHALLENGE_PATH}/:token/${answer}`, async (req, reply) => {
      try {
        const { returnUrl, intentId } = await answerChallenge(services, req.params.token, answer);
        return reply.code(303).header('location', returnTo(returnUrl, intentId)).header('cache-control', 'no-store').send();
      } catch (e) {
        if (isDomainError(e)) return unavailable(reply);
        throw e;
      }
    });
  }
}
