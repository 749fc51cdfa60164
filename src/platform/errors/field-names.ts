import { snakeCase } from '../names';
/**
 * Fields named inside error texts. The domain names a field by its path in the domain's own names
 * (`payoutCurrency`, `documentation[0].fileId`); each door shows it in its own convention (the REST
 * wire's `payout_currency`, GraphQL's input names). A text names a field through `fieldRef`, a
 * marked span, so a door renames exactly the fields the text names and nothing else of its words.
 */

const MARK = '\u0001';

/** A field path written inside an error text, to be rendered in the names of the door that answers. */
export const fieldRef = (path: string): string => `${MARK}${path}${MARK}`;

/** `Field 'x'` forms every message of spec 7.1 uses. */
export const quotedField = (path: string): string => `'${fieldRef(path)}'`;

/** Maps a domain field path (`a.b[0].c`) to the path one door shows. */
export type FieldNamer = (path: string) => string;

export const domainNames: FieldNamer = (path) => path;

/** Whether a text names a field through `fieldRef`. */
export const namesFields = (text: string): boolean => text.includes(MARK);

/** The text with every field it names rendered by `name`. */
export function renderFieldText(text: string, name: FieldNamer): string {
  if (!text.includes(MARK)) return text;
  return text
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? name(part) : part))
    .join('');
}

/**
 * A namer that renames a path segment by segment (`documentation[0].fileId`: `documentation`, then
 * `fileId`), keeping the indexes; `depth` is the segment's place in the path.
 */
export function segmentNamer(nameSegment: (segment: string, depth: number) => string): FieldNamer {
  return (path) =>
    path
      .split('.')
      .map((segment, depth) => {
        const cut = segment.indexOf('[');
        const [name, indexes] = cut === -1 ? [segment, ''] : [segment.slice(0, cut), segment.slice(cut)];
        return nameSegment(name, depth) + indexes;
      })
      .join('.');
}


/**
 * The REST wire's names of domain paths: each segment in snake_case, except the top-level names in
 * `renames` (a domain name -> its wire name: `status` -> `payout_status`).
 */
export function wireNamer(renames: Readonly<Record<string, string>> = {}): FieldNamer {
  return segmentNamer((segment, depth) => (depth === 0 ? (renames[segment] ?? snakeCase(segment)) : snakeCase(segment)));
}

/** GraphQL's names of domain paths: the same, except the top-level names in `renames`. */
export function graphqlNamer(renames: Readonly<Record<string, string>> = {}): FieldNamer {
  return segmentNamer((segment, depth) => (depth === 0 ? (renames[segment] ?? segment) : segment));
}
