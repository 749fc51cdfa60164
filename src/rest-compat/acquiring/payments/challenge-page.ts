import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerChallenge, viewChallenge, type ChallengeView } from '../../../domain/acquiring/payments/challenge';
import { isDomainError } from '../../../platform/errors/domain-error';
import { isRedirectableReturnUrl } from '../../../domain/acquiring/payments/return-url';
import { CHALLENGE_PATH } from '../../../domain/acquiring/payments/three-ds';
import type { AppServices } from '../../../services';
import { escapeHtml, sandboxPage, sendSandboxPage } from '../../shared/sandbox-page';

/**
 * The sandbox's 3-D Secure challenge page (next_action.redirect_to_url.url): plain HTML served by
 * payrail on its own origin, no script and no external asset. Its two buttons post back here; the
 * answer redirects the browser to the intent's return_url. The link itself is the credential
 * (domain/payments/three-ds.ts): unguessable, and dead once answered.
 */
const challengeHtml = (token: string, v: ChallengeView) =>
  sandboxPage(
    '3-D Secure authentication',
    `<h1>3-D Secure authentication</h1>
<p>payrail sandbox: authenticate this payment of <strong>${escapeHtml(v.amount)} ${escapeHtml(v.currency)}</strong>${v.description ? ` for <em>${escapeHtml(v.description)}</em>` : ''} with the card <code>${escapeHtml(v.cardNumber)}</code>.</p>
<form method="post" action="${CHALLENGE_PATH}/${escapeHtml(token)}/complete"><button id="complete" class="primary" type="submit">Complete authentication</button></form>
<form method="post" action="${CHALLENGE_PATH}/${escapeHtml(token)}/fail"><button id="fail" type="submit">Fail authentication</button></form>`,
  );

// No form-action 'self': the answer redirects to the merchant's return_url, which it would block.
const sendPage = (reply: FastifyReply, status: number, html: string) => sendSandboxPage(reply, status, html, { formActionSelf: false });

const unavailable = (reply: FastifyReply) =>
  sendPage(reply, 400, sandboxPage('Link no longer valid', '<h1>This authentication link is no longer valid</h1><p>It was already used, or the payment moved on.</p>'));

/** The return_url with the intent's id added, as Stripe adds payment_intent to it. */
function returnTo(returnUrl: string, intentId: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent_id', intentId);
  return url.toString();
}

/** A return_url stored before the rule held (another scheme) is not followed: the page says it is done instead. */
const done = (reply: FastifyReply, answer: 'complete' | 'fail') =>
  sendPage(
    reply,
    200,
    sandboxPage('Authentication finished', `<h1>Authentication ${answer === 'complete' ? 'completed' : 'failed'}</h1><p>You can close this window and return to the shop.</p>`),
  );

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
        if (!isRedirectableReturnUrl(returnUrl)) return done(reply, answer);
        return reply.code(303).header('location', returnTo(returnUrl, intentId)).header('cache-control', 'no-store').send();
      } catch (e) {
        if (isDomainError(e)) return unavailable(reply);
        throw e;
      }
    });
  }
}
