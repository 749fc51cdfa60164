import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { catalogueRows, renderCatalogue, routeKey, type CatalogueRow } from './catalogue/render';
import { ROOT } from './catalogue/sources';
import { CATALOGUE_IDS, CATALOGUE_SECTIONS, NOT_CATALOGUE_IDS, SPEC_SECTIONS } from './catalogue/spec';

/**
 * docs/catalogue.md is written from the route registry of a running app and the doors' source
 * (test/docs/catalogue/); this test keeps the document equal to what they say, and holds the
 * vocabulary of src to it: every catalogue id and every section of the specification a comment
 * cites can be looked up there. `npm run docs:catalogue` writes the document anew.
 */
const DOC = path.join(ROOT, 'docs/catalogue.md');

let t: TestApp;
let rows: CatalogueRow[];
beforeAll(async () => {
  t = await startTestApp();
  rows = catalogueRows(t.app.restRoutes.routes);
});
afterAll(() => t.close());

function srcText(dir = 'src'): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return srcText(rel);
    return /\.(ts|sql|prisma)$/.test(e.name) ? [fs.readFileSync(path.join(ROOT, rel), 'utf8')] : [];
  });
}

describe('the catalogue (docs/catalogue.md)', () => {
  it("finds every registered route's declaration in src/rest-compat, in a product group, with the domain functions it calls", () => {
    expect(rows.filter((r) => !r.source).map((r) => r.key)).toEqual([]);
    expect(rows.filter((r) => !r.group).map((r) => `${r.key} (${r.area})`)).toEqual([]);
    expect(rows.filter((r) => r.source?.calls.length === 0).map((r) => r.key)).toEqual([]);
  });

  it('serves every id of the endpoint catalogue, each at one route', () => {
    const served = new Set(rows.map((r) => r.key));
    expect(CATALOGUE_IDS.filter((c) => !served.has(c.route)).map((c) => `${c.id} ${c.route}`)).toEqual([]);
    const routes = CATALOGUE_IDS.map((c) => c.route);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('holds every catalogue id that src names', () => {
    const ids = new Set(srcText().flatMap((text) => text.match(/\b[A-Z]{2,3}[0-9]{1,2}\b/g) ?? []));
    const known = new Set(CATALOGUE_IDS.map((c) => c.id));
    expect([...ids].filter((id) => !known.has(id) && !NOT_CATALOGUE_IDS.includes(id)).sort()).toEqual([]);
  });

  it('names every section of the specification and of the endpoint catalogue that src cites', () => {
    const cited = (word: string) =>
      srcText().flatMap((text) =>
        [...text.matchAll(new RegExp(`\\b${word} §?(\\d+(?:\\.\\d+)?(?:(?:, ?| and | or )\\d+(?:\\.\\d+)?)*)`, 'g'))].flatMap((m) => m[1]!.split(/, ?| and | or /)),
      );
    const spec = [...new Set(cited('spec'))];
    const catalogue = [...new Set([...cited('catalogue'), ...cited('endpoints\\.md')])];
    expect(spec.length).toBeGreaterThan(30);
    expect(spec.filter((n) => !SPEC_SECTIONS[n]).sort()).toEqual([]);
    expect(catalogue.filter((n) => !CATALOGUE_SECTIONS[n]).sort()).toEqual([]);
  });

  it('lists tests for the routes the suite calls', () => {
    expect(rows.find((r) => routeKey(r.route) === 'POST /v1/payouts')?.tests).toEqual(expect.arrayContaining(['test/wallet/payouts/create.test.ts']));
    expect(rows.find((r) => r.id?.id === 'PA4')?.graphql.map((op) => op.field)).toEqual(['confirmPaymentIntent']);
  });

  it('is what docs/catalogue.md says', () => {
    const rendered = renderCatalogue(rows);
    if (process.env.PAYRAIL_WRITE_CATALOGUE === '1') fs.writeFileSync(DOC, rendered);
    const current = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '';
    if (current !== rendered) throw new Error('docs/catalogue.md is out of date: run `npm run docs:catalogue`');
    expect(current).toBe(rendered);
  });
});
