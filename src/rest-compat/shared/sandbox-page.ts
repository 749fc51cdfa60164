import type { FastifyReply } from 'fastify';

/**
 * The sandbox's own pages (3-D Secure challenge, identity verification, the card iframe): plain
 * HTML on payrail's origin, no script and no external asset, never cached, framed only where a page says. Each page's link is its
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
 * Sends a sandbox page. `formActionSelf` keeps its forms posting to payrail only; a page whose
 * answer redirects to a merchant's return_url leaves it out, since form-action also governs the
 * redirect that follows the post. `styleHash` allows only the page's own `<style>` (else inline
 * styles); `frameAncestors` lets those origins (and payrail's own) frame it, where the default is
 * never framed (CSP `frame-ancestors 'none'` and X-Frame-Options DENY).
 */
export function sendSandboxPage(
  reply: FastifyReply,
  status: number,
  html: string,
  opts: { formActionSelf: boolean; styleHash?: string; frameAncestors?: string[] },
): FastifyReply {
  const csp = [
    "default-src 'none'",
    opts.styleHash ? `style-src 'sha256-${opts.styleHash}'` : "style-src 'unsafe-inline'",
    "base-uri 'none'",
    opts.formActionSelf ? "form-action 'self'" : opts.styleHash ? "form-action 'none'" : null,
    opts.frameAncestors ? `frame-ancestors ${["'self'", ...opts.frameAncestors].join(' ')}` : "frame-ancestors 'none'",
  ].filter((d): d is string => d !== null);
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', csp.join('; '))
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header('x-content-type-options', 'nosniff');
  // X-Frame-Options cannot list origins: a page framed by some is governed by the CSP alone.
  if (!opts.frameAncestors) reply.header('x-frame-options', 'DENY');
  return reply.send(html);
}
