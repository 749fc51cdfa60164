import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerIdvLink, viewIdvLink } from '../../../domain/issuing/cardholders/idv-link';
import { IDV_PATH } from '../../../domain/issuing/cardholders/idv';
import type { AppServices } from '../../../services';
import { escapeHtml, sandboxPage, sendSandboxPage } from '../../shared/sandbox-page';

/**
 * The sandbox's identity-verification page (idv_verification_url): plain HTML on payrail's own
 * origin, no script and no external asset, like the 3-D Secure page. Approve passes the
 * cardholder's check, reject fails it; either ends the link (domain/cardholders/idv.ts).
 */
const sendPage = (reply: FastifyReply, status: number, html: string) => sendSandboxPage(reply, status, html, { formActionSelf: true });

const unavailable = (reply: FastifyReply) =>
  sendPage(reply, 400, sandboxPage('Link no longer valid', '<h1>This verification link is no longer valid</h1><p>It was already used, it expired, or the check moved on.</p>'));

export function registerIdvPage(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { token: string } }>(`${IDV_PATH}/:token`, async (req, reply) => {
    const v = await viewIdvLink(services, req.params.token);
    if (!v) return unavailable(reply);
    const token = escapeHtml(req.params.token);
    return sendPage(
      reply,
      200,
      sandboxPage(
        'Identity verification',
        `<h1>Identity verification</h1>
<p>payrail sandbox: verify the identity of <strong>${escapeHtml(v.firstName)} ${escapeHtml(v.lastName)}</strong> (${escapeHtml(v.email)}).</p>
<form method="post" action="${IDV_PATH}/${token}/approve"><button id="approve" class="primary" type="submit">Approve</button></form>
<form method="post" action="${IDV_PATH}/${token}/reject"><button id="reject" type="submit">Reject</button></form>`,
      ),
    );
  });
  for (const answer of ['approve', 'reject'] as const) {
    app.post<{ Params: { token: string } }>(`${IDV_PATH}/:token/${answer}`, async (req, reply) => {
      if (!(await answerIdvLink(services, req.params.token, answer))) return unavailable(reply);
      const done = answer === 'approve' ? 'Identity verified' : 'Identity verification rejected';
      return sendPage(reply, 200, sandboxPage(done, `<h1>${done}</h1><p>You can close this page.</p>`));
    });
  }
}
