import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '..', '..', 'src');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const rel = (file: string) => path.relative(SRC, file);
/** Does `source` import (statically, dynamically or by require) from src/<folder> through a relative path? */
const importsFrom = (source: string, folder: string): boolean =>
  new RegExp(`(from\\s*|import\\s*\\(\\s*|require\\s*\\(\\s*)['"](\\.\\.\\/)+${folder}[/'"]`).test(source);
const doors = [...filesUnder(path.join(SRC, 'resolvers')), ...filesUnder(path.join(SRC, 'rest-compat'))];

describe('the shape of every area (docs/area-shape.md)', () => {
  it('no door imports a Prisma type: services return view types', () => {
    expect(doors.filter((f) => /from ['"][./]*(\.\.\/)*generated\/prisma/.test(read(f))).map(rel)).toEqual([]);
  });

  it('no door queries the database itself', () => {
    expect(doors.filter((f) => /\.prisma\.|\$queryRaw|\$executeRaw/.test(read(f))).map(rel)).toEqual([]);
  });

  it('inputs are parsed by the one parser: no other safeParse in src', () => {
    const parsers = filesUnder(SRC).filter((f) => !f.includes(`${path.sep}generated${path.sep}`) && /\.safeParse\(/.test(read(f)));
    // The OpenAPI builder probes a schema with undefined to tell a required member; it parses no input.
    expect(parsers.map(rel).sort()).toEqual(['config.ts', 'platform/validation/validate.ts', 'rest-compat/openapi/schemas.ts']);
  });

  it('lists are built by the two list helpers only', () => {
    const builders = doors.filter((f) => /connectionWindow\(|toConnection\(|total_pages:/.test(read(f))).map(rel).sort();
    expect(builders).toEqual(['resolvers/shared/operations.ts', 'rest-compat/shared/list.ts']);
  });

  it('the domain imports from no door: events store views, and the doors render them', () => {
    const domain = filesUnder(path.join(SRC, 'domain'));
    const importers = domain.filter((f) => importsFrom(read(f), '(rest-compat|resolvers)')).map(rel);
    expect(importers).toEqual([]);
  });

  it('a door imports nothing of the other door: what both need is in the domain, or given by the composition root', () => {
    const graphql = filesUnder(path.join(SRC, 'resolvers')).filter((f) => importsFrom(read(f), 'rest-compat')).map(rel);
    const rest = filesUnder(path.join(SRC, 'rest-compat')).filter((f) => importsFrom(read(f), 'resolvers')).map(rel);
    expect([...graphql, ...rest]).toEqual([]);
  });
});

/** The modules a text imports: static, type-only, side-effect, dynamic or require. */
const specifiersIn = (text: string): string[] => [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

/** Every relative module a file imports, resolved to an absolute path. */
const importedPaths = (file: string): string[] =>
  specifiersIn(read(file)).filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));

const PLATFORM = ['platform'];
const ABOVE_THE_PLATFORM = ['domain', 'rest-compat', 'resolvers', 'ops'];

describe('platform rules', () => {
  it('no platform file imports a product area, a door or operations', () => {
    const inside = (p: string, dir: string) => p === path.join(SRC, dir) || p.startsWith(path.join(SRC, dir) + path.sep);
    const offenders = PLATFORM.flatMap((dir) => filesUnder(path.join(SRC, dir))).flatMap((f) =>
      importedPaths(f)
        .filter((p) => ABOVE_THE_PLATFORM.some((d) => inside(p, d)))
        .map((p) => `${rel(f)} -> ${path.relative(SRC, p)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the import check sees every form of import', () => {
    const probe = path.join(SRC, 'platform', 'runtime', 'probe.ts');
    const text = [
      "import { a } from '../../domain/a';",
      "import type { B } from '../../rest-compat/b';",
      "const c = await import('../../resolvers/c');",
      "const d = require('../../domain/d');",
      "import '../../domain/e';",
    ].join('\n');
    const specifiers = specifiersIn(text).map((s) => path.resolve(path.dirname(probe), s));
    expect(specifiers.map((p) => path.relative(SRC, p))).toEqual(['domain/a', 'rest-compat/b', 'resolvers/c', 'domain/d', 'domain/e']);
  });

  it('every PostgreSQL connection is opened by platform/db/connections.ts, which gives it an error listener', () => {
    const opens = filesUnder(SRC).filter(
      (f) => !f.includes(`${path.sep}generated${path.sep}`) && /new\s+pg\.(Client|Pool)\b|import\s*\{[^}]*\b(Client|Pool)\b[^}]*\}\s*from\s*['"]pg['"]/.test(read(f)),
    );
    expect(opens.map(rel)).toEqual(['platform/db/connections.ts']);
  });
});

describe('comments say why, not when', () => {
  /**
   * What names the history of the work rather than a reason: an issue or pull request number, a work
   * session or period, and the code names work periods went by. Git holds that history.
   */
  const HISTORY = [
    /\bissues? ?#?\d+/i, // "Issue 8", "issue #11"
    /\bpull request ?#?\d+|\bPR ?#\d+/i,
    /\bsessions? ?#?\d+/i, // "session 11"
    /\b(sprint|milestone|iteration|phase) ?#?\d+/i,
    /\b(bankpay|cardmoney)\b/i, // the code names of two work periods
  ];
  it('no comment or string in src names an issue, a pull request, a work session or a work period', () => {
    // The Prisma schema's doc comments are copied into src/generated, so the schema is read too.
    const schema = path.resolve(SRC, '..', 'prisma', 'schema.prisma');
    const files = [...filesUnder(SRC).filter((f) => !f.includes(`${path.sep}generated${path.sep}`)), schema];
    const hits = files.flatMap((f) =>
      read(f)
        .split('\n')
        .flatMap((line, i) => (HISTORY.some((re) => re.test(line)) ? [`${rel(f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('the patterns catch what they are meant to, and not a reason', () => {
    const caught = ['// Issue 8 (bankpay)', '(issue 11; docs/area-shape.md)', 'docs/performance.md, session 9', 'see PR #12', '// Issuing money (cardmoney).'];
    expect(caught.filter((c) => !HISTORY.some((re) => re.test(c)))).toEqual([]);
    const reasons = ['// The issuer declines: the card is FROZEN', "'#ccc'", 'a session token lives 15 minutes', 'spec 4.6 purpose_code'];
    expect(reasons.filter((c) => HISTORY.some((re) => re.test(c)))).toEqual([]);
  });
});

describe('areas grouped by product', () => {
  const GROUPS = ['wallet', 'acquiring', 'issuing', 'onboarding', 'developers'];
  const dirsUnder = (dir: string): string[] =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort() : [];
  const areasOf = (pillar: string): string[] => GROUPS.flatMap((g) => dirsUnder(path.join(SRC, pillar, g)).map((a) => `${g}/${a}`));

  it('src/domain holds the product groups (and beside them only its registries, as files)', () => {
    expect(dirsUnder(path.join(SRC, 'domain'))).toEqual([...GROUPS].sort());
  });

  it("each door's areas are the domain's, under the same group and name", () => {
    const domain = new Set(areasOf('domain'));
    // The events themselves are the platform's (the outbox); each door has an area that renders them.
    const doorOnly = new Set(['developers/events']);
    const strays = ['rest-compat', 'resolvers'].flatMap((door) =>
      areasOf(door).filter((a) => !domain.has(a) && !doorOnly.has(a)).map((a) => `${door}/${a}`),
    );
    expect(strays).toEqual([]);
    // And nothing of an area is left beside the groups.
    for (const door of ['rest-compat', 'resolvers']) {
      const loose = dirsUnder(path.join(SRC, door)).filter((d) => !GROUPS.includes(d) && !['shared', 'openapi'].includes(d));
      expect(loose).toEqual([]);
    }
  });

  it("every test folder named for an area sits in that area's group", () => {
    const areaNames = new Set(areasOf('domain').map((a) => a.split('/')[1]));
    const test = path.resolve(SRC, '..', 'test');
    const loose = dirsUnder(test).filter((d) => areaNames.has(d));
    expect(loose).toEqual([]);
  });
});

/** A file's text without its comments, so that prose about a lock is not taken for one. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('row locks (src/platform/db/locks.ts)', () => {
  /**
   * Where `FOR UPDATE` may still be written outside src/platform/db, and why. A row locked to be read
   * is locked by lockRow, which answers the row in the same statement.
   */
  const LOCKS_OF_THEIR_OWN: Record<string, string> = {
    'platform/scheduler/run.ts': 'claims the next due transition, SKIP LOCKED, so workers never take the same one',
    'domain/developers/webhooks/store.ts':
      "claims the fan-out's place in the outbox (one fan-out at a time) and a batch of deliveries joined to their endpoints, both SKIP LOCKED",
    'domain/issuing/card-data/store.ts': 'locks each batch of rows a key rotation re-seals (many rows, in key order)',
    'domain/issuing/transactions/store.ts': "locks the card and the issuing balance inside the authorization's write set: no round trip of its own",
    'domain/issuing/cards/store.ts': "a guard of a recharge's or withdraw's write set that locks the card it checks, in the same statement",
    'domain/acquiring/payments/store.ts': 'locks every capture a settlement batch takes, in the statement that reads them (a join)',
  };

  const lockers = filesUnder(SRC)
    .filter((f) => !f.includes(`${path.sep}generated${path.sep}`) && !f.startsWith(path.join(SRC, 'platform', 'db') + path.sep))
    .filter((f) => /\bFOR\s+UPDATE\b/i.test(code(read(f))))
    .map(rel);

  it('no file outside src/platform/db writes FOR UPDATE, but those listed with their reason', () => {
    expect(lockers.filter((f) => !(f in LOCKS_OF_THEIR_OWN))).toEqual([]);
  });

  it('every listed reason is still in use', () => {
    expect(Object.keys(LOCKS_OF_THEIR_OWN).filter((f) => !lockers.includes(f))).toEqual([]);
  });

  it('comments are not taken for code', () => {
    expect(code("// locks the row FOR UPDATE\n/* FOR UPDATE */ const url = 'https://x'; // FOR UPDATE")).toBe("\n const url = 'https://x'; ");
  });
});

describe('refunds and settlements reach payments only through its contract', () => {
  const ACQUIRING = path.join(SRC, 'domain', 'acquiring');
  const PAYMENTS = path.join(ACQUIRING, 'payments');
  const callers = ['refunds', 'settlements'].flatMap((a) => filesUnder(path.join(ACQUIRING, a)));

  it('they import nothing of payments but contract.ts', () => {
    const imports = callers.flatMap((f) =>
      importedPaths(f)
        .filter((p) => p.startsWith(PAYMENTS + path.sep) && p !== path.join(PAYMENTS, 'contract'))
        .map((p) => `${rel(f)} -> ${path.relative(SRC, p)}`),
    );
    expect(imports).toEqual([]);
  });

  it("they name no payment table in SQL, and use no payment model's Prisma delegate", () => {
    // The payments area's tables, as it declares them to the registry.
    const areaText = read(path.join(PAYMENTS, 'area.ts'));
    const tables = [...(/tables:\s*\[([^\]]*)\]/.exec(areaText)?.[1] ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(tables).toEqual(expect.arrayContaining(['payment_intents', 'payment_attempts']));
    const named = callers.flatMap((f) => {
      const text = code(read(f));
      const hits = tables.filter((t) => new RegExp(`\\b${t}\\b`).test(text));
      if (/\.(paymentIntent|paymentAttempt)\s*\./.test(text)) hits.push('a Prisma delegate');
      return hits.map((t) => `${rel(f)}: ${t}`);
    });
    expect(named).toEqual([]);
  });
});

describe('lifecycles are declared', () => {
  const domainFiles = filesUnder(path.join(SRC, 'domain'));
  /** The scheduled jobs that are no row's lifecycle: each applies one write set (checked below). */
  const SCHEDULED_JOBS = ['domain/acquiring/settlements/cut.ts'];

  it('a declared lifecycle (defineLifecycle) writes no transition, lock or update by hand', () => {
    const declared = domainFiles.filter((f) => /\bdefineLifecycle\(/.test(read(f)));
    expect(declared.length).toBeGreaterThanOrEqual(12);
    const handWritten = declared.filter((f) => /\bdefineTransition\(|FOR UPDATE|\.update\(\{|\.updateMany\(/.test(read(f))).map(rel);
    expect(handWritten).toEqual([]);
  });

  it('no area writes a transition by hand: every one is a declared lifecycle, or a scheduled job listed above', () => {
    const found = domainFiles.filter((f) => /\bdefineTransition\(/.test(read(f))).map(rel).sort();
    expect(found.length).toBeGreaterThanOrEqual(SCHEDULED_JOBS.length);
    expect(found.filter((f) => !SCHEDULED_JOBS.includes(f))).toEqual([]);
  });

  /**
   * A scheduled job that is no row's state machine (the daily settlement cut: its subject is an
   * account) registers its kind with defineTransition, and writes as a transition does: it reads
   * first, then builds one write set and applies it once. In its file: one transition, one write
   * set, one apply, and no statement of its own (its reads and writes are its store's and the
   * contracts' builders); test/acquiring/settlements/cut.test.ts counts the applies as it runs.
   */
  it('a scheduled job that is not a lifecycle builds one write set and applies it once', () => {
    for (const job of SCHEDULED_JOBS) {
      const text = code(read(path.join(SRC, job)));
      const count = (re: RegExp) => (text.match(re) ?? []).length;
      expect([job, count(/\bdefineTransition\(/g), count(/\bnew WriteSet\(/g), count(/\bapplyInTransaction\(/g)]).toEqual([job, 1, 1, 1]);
      const ownStatements = /\btx\.\w+\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|\$executeRaw|\$queryRaw|\bscheduleTransition\(|\brecord\w*\(\s*tx\b|\bpost\w*\(\s*tx\b/;
      expect([job, ownStatements.test(text)]).toEqual([job, false]);
    }
  });
});

describe('a request commits through its context: one commit()', () => {
  const domainFiles = filesUnder(path.join(SRC, 'domain'));

  /**
   * Where a transaction is still opened or a write set applied by hand: code that runs outside a
   * request, with no request context to commit through. Each with its reason; the list is held
   * equal to what is found, so it cannot grow unseen.
   */
  const OUTSIDE_A_REQUEST: Record<string, string> = {
    'domain/acquiring/payments/challenge.ts': "the 3-D Secure challenge page: a browser's form post, not an API request",
    'domain/acquiring/settlements/cut.ts': 'the daily settlement cut: a scheduled job, given its transaction by the scheduler',
    'domain/issuing/card-data/store.ts': "the card-data store: its scope is the card-data keys, joining the caller's transaction when it has one",
    'domain/issuing/card-secure/service.ts': "the secure card iframe's page: a browser's request with a page token, not an API request",
    'domain/issuing/cardholders/lifecycle.ts': "the IDV page's answer: a browser's form post, not an API request",
    'domain/issuing/transfers/sandbox-funds.ts': "a sandbox tree's test funds, granted when the tree is provisioned",
    'domain/onboarding/accounts/lifecycle.ts': "the operator's verification review (npm run admin)",
    'domain/onboarding/accounts/service.ts': 'account creation and status: operator commands and sign-up, and sub-accounts, which a request creates through the same function',
    'domain/onboarding/accounts/verification.ts': "a new account's review starts in its creation's transaction (accounts/service.ts)",
  };

  it('no service commits by hand: commitPrepared and a transaction opened with a request context are gone from the domain', () => {
    expect(domainFiles.filter((f) => /\bcommitPrepared\b/.test(code(read(f)))).map(rel)).toEqual([]);
    expect(domainFiles.filter((f) => /\binTransaction\(\s*ctx\b/.test(code(read(f)))).map(rel)).toEqual([]);
  });

  it('a transaction is opened or a write set applied by hand only outside a request, each place with its reason', () => {
    const found = domainFiles.filter((f) => /\b(inTransaction|applyInTransaction)\(/.test(code(read(f)))).map(rel).sort();
    expect(found).toEqual(Object.keys(OUTSIDE_A_REQUEST).sort());
  });

  it('the patterns see each way of committing by hand', () => {
    expect(/\binTransaction\(\s*ctx\b/.test('return inTransaction(ctx, async (tx) => 1)')).toBe(true);
    expect(/\b(inTransaction|applyInTransaction)\(/.test('await applyInTransaction(tx, writes)')).toBe(true);
  });
});

describe('the domain speaks its own names; the wire is at the edges', () => {
  const domainFiles = filesUnder(path.join(SRC, 'domain'));

  it('no door reworks an error text: fields are marked spans each door renders (platform/errors/field-names.ts)', () => {
    const surgery = filesUnder(SRC)
      .filter((f) => !f.includes(`${path.sep}generated${path.sep}`))
      .filter((f) => /\.message\.(replace|replaceAll|split|match)\(/.test(code(read(f))))
      .map(rel);
    expect(surgery).toEqual([]);
  });

  it('no domain schema is named for the wire, and GraphQL hands inputs to commands (no wireInput)', () => {
    expect(domainFiles.filter((f) => /\bexport const \w+Wire\b/.test(read(f))).map(rel)).toEqual([]);
    expect(filesUnder(path.join(SRC, 'resolvers')).filter((f) => /\bwireInput\b/.test(read(f))).map(rel)).toEqual([]);
  });

  it('a REST route whose body the domain reads as a command declares how its errors name fields', () => {
    const routes = filesUnder(path.join(SRC, 'rest-compat')).filter((f) => f.endsWith(`${path.sep}routes.ts`));
    // Each registerRoute(...) block that hands the service `x.toCommand(...)` declares `names:` in it.
    const unnamed = routes.flatMap((f) =>
      read(f)
        .split(/\bregisterRoute\(/)
        .slice(1)
        .filter((block) => /\.toCommand\(/.test(block) && !/\bnames:\s*\w+/.test(block))
        .map(() => f),
    );
    expect(unnamed.map(rel)).toEqual([]);
  });
});

describe('card transactions reach the database through their store', () => {
  const AREA = path.join(SRC, 'domain', 'issuing', 'transactions');
  /** A statement, or a handle that sends one. decision.ts's guard predicates are expressions, not statements. */
  const DATABASE = /\bSELECT\b|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b|\bFOR\s+UPDATE\b|\.prisma\.|\.pool\.|\$queryRaw|\$executeRaw|\bsql:/;

  it('no file of the area but store.ts holds a statement or calls the database', () => {
    const others = filesUnder(AREA).filter((f) => path.basename(f) !== 'store.ts');
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((f) => DATABASE.test(code(read(f)))).map(rel)).toEqual([]);
  });

  it('the pattern sees each way of reaching the database', () => {
    for (const text of ["sql: `x`", 'ctx.db.prisma.card.findFirst()', 'ctx.db.pool.query(q)', "'SELECT 1'", 'UPDATE cards SET a = 1', 'tx.$queryRaw`x`']) expect(DATABASE.test(text)).toBe(true);
    expect(DATABASE.test("guard: `c.status = 'ACTIVE'`")).toBe(false);
  });
});

describe('one way to reach the database per area: its SQL lives in its store.ts', () => {
  /**
   * What counts as SQL text in a file, read from its syntax tree (so a comment about an UPDATE is
   * prose, not SQL): a string or template holding a statement's shape (SELECT … FROM/WHERE or
   * SELECT f(…), INSERT INTO, UPDATE t SET, DELETE FROM), a raw query ($queryRaw, $executeRaw and
   * their Unsafe forms), a query on a pool or a client, a named read (readRows), a write-set
   * statement (`sql:`) or a Prisma SQL fragment (Prisma.sql). Prisma model calls are not SQL text.
   */
  const SHAPE = /\bSELECT\s[\s\S]*?\b(FROM|WHERE)\b|\bSELECT\s+[a-z_]+\s*\(|\bINSERT\s+INTO\b|\bUPDATE\s+[a-z_]+(\s+[a-z_]+)?\s+SET\b|\bDELETE\s+FROM\b/;
  const RAW = new Set(['$queryRaw', '$executeRaw', '$queryRawUnsafe', '$executeRawUnsafe']);
  function sqlIn(text: string): string[] {
    const file = ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (n: ts.Node): void => {
      if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && SHAPE.test(n.text)) found.push('SQL text');
      if (ts.isTemplateExpression(n) && SHAPE.test([n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' x '))) found.push('SQL text');
      if (ts.isPropertyAccessExpression(n)) {
        const on = n.expression.getText(file);
        if (RAW.has(n.name.text)) found.push(n.name.text);
        if (n.name.text === 'query' && /(^|\.)(pool|client)$/.test(on)) found.push(`${on}.query`);
        if (n.name.text === 'sql' && on === 'Prisma') found.push('Prisma.sql');
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'readRows') found.push('readRows');
      if (ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) && n.name.text === 'sql') found.push('sql:');
      ts.forEachChild(n, visit);
    };
    visit(file);
    return found;
  }

  const holders = filesUnder(path.join(SRC, 'domain'))
    .filter((f) => sqlIn(read(f)).length > 0)
    .map(rel);
  const isStore = (f: string) => /^domain\/[a-z-]+\/[a-z-]+\/store\.ts$/.test(f.split(path.sep).join('/'));

  it('under src/domain, SQL text appears only in <group>/<area>/store.ts', () => {
    expect(holders.length).toBeGreaterThan(10);
    expect(holders.filter((f) => !isStore(f))).toEqual([]);
  });

  it('the detector sees each form of SQL, and not prose, names or Prisma model calls', () => {
    const caught = [
      'const q = `SELECT id FROM payouts WHERE id = $1`;',
      "const q = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';",
      'const q = `SELECT ${COLUMNS} FROM beneficiaries`;',
      "const q = \"INSERT INTO files (id) VALUES ($1)\";",
      'const q = `UPDATE cards SET status = $2 WHERE id = $1`;',
      'const q = `UPDATE ${table} t SET ${set} FROM x`;',
      "const q = 'DELETE FROM files WHERE id = $1';",
      'await tx.$queryRaw`anything`;',
      'await tx.$executeRawUnsafe(text);',
      'await ctx.db.pool.query(read);',
      'await client.query(text, []);',
      'await readRows(ctx, read);',
      'writes.run({ sql: text, args });',
      'const where = Prisma.sql`id = ${id}`;',
    ];
    expect(caught.filter((c) => sqlIn(c).length === 0)).toEqual([]);
    const notSql = [
      '// an UPDATE locks the row: SELECT … FROM accounts',
      '/* INSERT INTO files */ const x = 1;',
      "const m = 'Select a file from the list';",
      "const e = 'the quote was updated';",
      'await ctx.db.prisma.payout.findMany({ where: { accountId } });',
      'const q = queryOf(x); const sqlText = 1;',
    ];
    expect(notSql.filter((c) => sqlIn(c).length > 0)).toEqual([]);
  });
});
