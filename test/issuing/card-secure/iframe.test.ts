import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { MAX_STYLES_LENGTH, sanitizeStyles, stylesToCss } from '../../../src/domain/issuing/card-secure/iframe-rules';
import { isPlainCssValue } from '../../../src/domain/issuing/card-secure/css-value';
import { activeCard, iframe, panOf, revealer } from './fixtures';

let t: TestApp;
let c: Client;

const SHOP = 'https://shop.example.com';

beforeAll(async () => {
  t = await startTestApp({ config: { cardIframeAncestors: [SHOP] } });
  c = await revealer(t, 'Iframe');
});
afterAll(() => t.close());

async function tokenFor(id: string): Promise<string> {
  const res = await c.post(`/v1/issuing/cards/${id}/token`, {}, { key: null });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** The error page shows no card data at all. */
function expectErrorPage(res: { statusCode: number; body: string }, pan: string) {
  expect(res.statusCode).toBe(400);
  expect(res.body).toContain('Card details unavailable');
  expect(res.body).not.toContain(pan);
  expect(res.body).not.toContain('id="cvv"');
}

describe('GET /iframe/card (the page a PAN token opens)', () => {
  it('shows number, expiry, CVV and name for a valid token of the card', async () => {
    const id = await activeCard(c, { name_on_card: 'JANE Q PUBLIC' });
    const pan = await panOf(t, id);
    const details = (await c.get(`/v1/issuing/cards/${id}/secure`)).body;
    const res = await iframe(t, { token: await tokenFor(id), cardId: id });
    expect(res.statusCode).toBe(200);
    for (const [field, value] of [['card-number', pan], ['expiry', details.expire_date], ['cvv', details.cvv], ['name', 'JANE Q PUBLIC']]) {
      expect(res.body).toContain(`id="${field}">${value as string}<`);
    }
  });

  it('sends no script, allows framing by itself and the configured origins only, never caches, sends no referrer', async () => {
    const id = await activeCard(c);
    const res = await iframe(t, { token: await tokenFor(id), cardId: id });
    expect(res.body).not.toMatch(/<script|<link|<img|src=/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-ancestors 'self' ${SHOP}`);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('is single-use: the second view shows the error page', async () => {
    const id = await activeCard(c);
    const tok = await tokenFor(id);
    expect((await iframe(t, { token: tok, cardId: id })).statusCode).toBe(200);
    expectErrorPage(await iframe(t, { token: tok, cardId: id }), await panOf(t, id));
  });

  it('shows the card once to concurrent views of one token', async () => {
    const id = await activeCard(c);
    const tok = await tokenFor(id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => iframe(t, { token: tok, cardId: id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('expires 60 seconds after creation on the process clock', async () => {
    const id = await activeCard(c);
    const early = await tokenFor(id);
    t.clock.advance(59);
    expect((await iframe(t, { token: early, cardId: id })).statusCode).toBe(200);
    const tok = await tokenFor(id);
    t.clock.advance(60);
    expectErrorPage(await iframe(t, { token: tok, cardId: id }), await panOf(t, id));
  });

  it('opens only the card the token was made for, and a wrong card does not spend it', async () => {
    const a = await activeCard(c);
    const b = await activeCard(c);
    const tok = await tokenFor(a);
    expectErrorPage(await iframe(t, { token: tok, cardId: b }), await panOf(t, b));
    expect((await iframe(t, { token: tok, cardId: a })).statusCode).toBe(200);
  });

  it('shows the error page for a missing or unknown token, or a card cancelled after the token was made', async () => {
    const id = await activeCard(c);
    const pan = await panOf(t, id);
    expectErrorPage(await iframe(t, { cardId: id }), pan);
    expectErrorPage(await iframe(t, { token: 'x'.repeat(43), cardId: id }), pan);
    const tok = await tokenFor(id);
    await c.post(`/v1/issuing/cards/${id}/status`, { card_status: 'CANCELLED' });
    expectErrorPage(await iframe(t, { token: tok, cardId: id }), pan);
  });

  it('writes an IFRAME_VIEW audit row for a view', async () => {
    const id = await activeCard(c);
    await iframe(t, { token: await tokenFor(id), cardId: id });
    const kinds = (await t.db.prisma.cardSecretAccess.findMany({ where: { cardId: id }, orderBy: { createdAt: 'asc' } })).map((r) => [r.kind, r.channel]);
    expect(kinds).toEqual([['PAN_TOKEN', 'REST'], ['IFRAME_VIEW', 'IFRAME']]);
  });

  it('labels the page in the language asked (en, zh, es), English otherwise', async () => {
    const id = await activeCard(c);
    const zh = await iframe(t, { token: await tokenFor(id), cardId: id, lang: 'zh-CN' });
    expect(zh.body).toContain('卡号');
    expect(zh.body).toContain('<html lang="zh">');
    const es = await iframe(t, { token: 'spent', cardId: id, lang: 'es' });
    expect(es.body).toContain('Datos de la tarjeta no disponibles');
    const other = await iframe(t, { token: 'spent', cardId: id, lang: 'xx' });
    expect(other.body).toContain('Card details unavailable');
  });

  it("applies the caller's styles as the official client encodes them (URL-encoded JSON, encoded again)", async () => {
    const id = await activeCard(c);
    const styles = { '#card-number': { color: '#ff0000', fontSize: '18px' }, body: { backgroundColor: 'rgb(1, 2, 3)' } };
    // getSecureIframeUrl: params.set('styles', encodeURIComponent(JSON.stringify(styles))), then URLSearchParams encodes it again.
    const res = await iframe(t, { token: await tokenFor(id), cardId: id, styles: encodeURIComponent(JSON.stringify(styles)) });
    expect(res.body).toContain('#card-number{color:#ff0000;font-size:18px}');
    expect(res.body).toContain('body{background-color:rgb(1, 2, 3)}');
  });

  it("reads the token before the styles: the error page carries none of the caller's styles", async () => {
    const id = await activeCard(c);
    const styles = encodeURIComponent(JSON.stringify({ body: { color: 'navy' } }));
    const res = await iframe(t, { token: 'x'.repeat(43), cardId: id, styles });
    expectErrorPage(res, await panOf(t, id));
    expect(res.body).not.toContain('navy');
  });

  it('ignores a styles parameter longer than its cap whole, valid or not', async () => {
    const id = await activeCard(c);
    const padded = `{"body":{"color":"navy"}${' '.repeat(MAX_STYLES_LENGTH)}}`;
    const res = await iframe(t, { token: await tokenFor(id), cardId: id, styles: padded });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('navy');
  });
});

describe('the iframe styles whitelist', () => {
  it('keeps known selectors, properties and plain values', () => {
    expect(sanitizeStyles(JSON.stringify({ '.label': { color: 'navy', 'letter-spacing': '0.1em', fontWeight: '700' } }))).toEqual({
      '.label': { color: 'navy', 'letter-spacing': '0.1em', 'font-weight': '700' },
    });
  });

  it('drops url(), expression(), escapes, rule breakers and unknown properties or selectors', () => {
    const css = stylesToCss(
      sanitizeStyles(
        JSON.stringify({
          body: {
            background: 'url(https://evil.example/x.png)',
            backgroundColor: 'url(https://evil.example/x.png)',
            color: 'expression(alert(1))',
            fontFamily: 'a\\62 c',
            padding: '1px;}body{display:none',
            margin: '1px</style><script>',
            position: 'fixed',
            borderColor: 'red',
          },
          'img, body': { color: 'red' },
          '@import': { color: 'red' },
        }),
      ),
    );
    expect(css).toBe('body{border-color:red}');
  });

  it('ignores styles that are not a JSON object', () => {
    for (const raw of ['not json', '[1,2]', '"x"', '%E0%A4%A', '']) expect(sanitizeStyles(raw)).toEqual({});
  });
});

describe('CSS values (a linear tokenizer)', () => {
  // The pattern the page used to check values with: it accepted the right values, but its
  // `(token)+` backtracked exponentially on a run of tokens ending in a character no token takes.
  const OLD = /^(?:[a-zA-Z][a-zA-Z-]*|-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|#[0-9a-fA-F]{3,8}|(?:rgb|rgba|hsl|hsla)\(\s*[\d.%]+(?:\s*,\s*[\d.%]+){2,3}\s*\)|,|\s+)+$/;

  it('accepts what the page accepted: words, numbers with units, hex colours, colour functions, commas, spaces', () => {
    for (const v of ['navy', '#ff0000', '#abc', '18px', '-0.5em', '1.25', '100%', '2pt 1rem', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'hsl(120, 50%, 50%)', 'ui-monospace, monospace', '1px solid #ccc', 'bold']) {
      expect([v, isPlainCssValue(v)]).toEqual([v, true]);
    }
    for (const v of ['', 'url(x)', 'expression(alert(1))', 'a\\62 c', '1px;}', '"quoted"', '#ab', 'rgb(1,2)', 'rgb(1,2,3,4,5)', 'calc(1px+2px)', '1.', '-x', '11111111111111111111111111111!']) {
      expect([v, isPlainCssValue(v)]).toEqual([v, false]);
    }
  });

  it('decides exactly as the old pattern on every short value over the characters that matter', () => {
    // A deterministic walk over strings of up to 7 characters from an alphabet covering every token's
    // edges; short enough that the old pattern answers at once.
    const alphabet = ['a', 'r', 'g', 'b', 'p', 'x', '-', '1', '.', '%', '#', '(', ')', ',', ' ', 'f', 'e', 'm', '!'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const samples = ['rgb(1,2,3)', 'rgba( 1 , 2 , 3 , 4 )', 'hsl(1%,2.5,3)', 'rgb(1,2,3)x', '#abcdef12345', '#abcdefabcdef'];
    for (let n = 0; n < 20000; n++) {
      const len = 1 + (next() % 7);
      samples.push(Array.from({ length: len }, () => alphabet[next() % alphabet.length]).join(''));
    }
    expect(samples.filter((v) => isPlainCssValue(v) !== OLD.test(v))).toEqual([]);
  });
});
