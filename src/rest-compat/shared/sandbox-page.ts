import type { FastifyReply } from 'fastify';

/**
 * The sandbox's own pages (3-D Secure challenge, identity verification): plain HTML on payrail's
 * origin, no script and no external asset, never cached, never framed. Each page's link is its
 * credential, so no referrer leaves it either.
 */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page with a title and a body; the button of class `primary` is the one the page suggests. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.box{border:1px solid #ccc;border-radius:8px;padding:1.5rem}form{display:inline}button{font-size:1rem;padding:.6rem 1rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #888;cursor:pointer;background:#fff}
button.primary{background:#1f7a3a;color:#fff;border-color:#1f7a3a}</style></head>
<body><div class="box">${body}</div></body></html>`;
}

/**
 * Sends a sandbox page. `formAction: 'self'` keeps its forms posting to payrail only; a page whose
 * answer redirects to a merchant's return_url leaves it out, since form-action also governs the
 * redirect that follows the post.
 */
export function sendSandboxPage(reply: FastifyReply, status: number, html: string, opts: { formActionSelf: boolean }): FastifyReply {
  const csp = ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", ...(opts.formActionSelf ? ["form-action 'self'"] : []), "frame-ancestors 'none'"];
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp.join('; '))
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(html);
}
