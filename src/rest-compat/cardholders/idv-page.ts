import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerIdvLink, viewIdvLink } from '../../domain/cardholders/lifecycle';
import { IDV_PATH } from '../../domain/cardholders/idv';
import type { AppServices } from '../../services';

/**
 * The sandbox's identity-verification page (idv_verification_url): plain HTML on payrail's own
 * origin, no script and no external asset, like the 3-D Secure page. Approve passes the
 * cardholder's check, reject fails it; either ends the link (domain/cardholders/idv.ts).
 */
const PAGE_CSP = ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ');

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.box{border:1px solid #ccc;border-radius:8px;padding:1.5rem}form{display:inline}button{font-size:1rem;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #888;cursor:pointer}
#approve{background:#1f7a3a;color:#fff;border-color:#1f7a3a}#reject{background:#fff}</style></head>
<body><div class="box">${body}</div></body></html>`;
}

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
  sendPage(reply, 400, page('Link no longer valid', '<h1>This verification link is no longer valid</h1><p>It was already used, it expired, or the check moved on.</p>'));

export function registerIdvPage(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { token: string } }>(`${IDV_PATH}/:token`, async (req, reply) => {
    const v = await viewIdvLink(services, req.params.token);
    if (!v) return unavailable(reply);
    const token = escape(req.params.token);
    return sendPage(
      reply,
      200,
      page(
        'Identity verification',
        `<h1>Identity verification</h1>
<p>payrail sandbox: verify the identity of <strong>${escape(v.firstName)} ${escape(v.lastName)}</strong> (${escape(v.email)}).</p>
<form method="post" action="${IDV_PATH}/${token}/approve"><button id="approve" type="submit">Approve</button></form>
<form method="post" action="${IDV_PATH}/${token}/reject"><button id="reject" type="submit">Reject</button></form>`,
      ),
    );
  });
  for (const answer of ['approve', 'reject'] as const) {
    app.post<{ Params: { token: string } }>(`${IDV_PATH}/:token/${answer}`, async (req, reply) => {
      if (!(await answerIdvLink(services, req.params.token, answer))) return unavailable(reply);
      const done = answer === 'approve' ? 'Identity verified' : 'Identity verification rejected';
      return sendPage(reply, 200, page(done, `<h1>${done}</h1><p>You can close this page.</p>`));
    });
  }
}
