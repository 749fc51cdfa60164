import fs from 'node:fs';
import path from 'node:path';
import { columnOf } from '../../src/platform/db/locks';

/**
 * lockRow (src/platform/db/locks.ts) names each column after its Prisma field in snake_case, so the
 * schema must map every scalar field that way: a field mapped otherwise would be read from a column
 * that does not exist.
 */
test('every scalar field of the schema is stored in the column named after it in snake_case', () => {
  const schema = fs.readFileSync(path.resolve(__dirname, '..', '..', 'prisma', 'schema.prisma'), 'utf8');
  const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
  const modelNames = new Set(models.map((m) => m[1]!));
  const mismatched = models.flatMap(([, model, body]) =>
    body!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^\w/.test(line))
      .flatMap((line) => {
        const [field, type] = line.split(/\s+/) as [string, string];
        if (modelNames.has(type.replace(/[?[\]]/g, ''))) return []; // a relation, not a column
        const column = /@map\("([^"]+)"\)/.exec(line)?.[1] ?? field;
        return column === columnOf(field) ? [] : [`${model}.${field} -> ${column}`];
      }),
  );
  expect(models.length).toBeGreaterThan(40);
  expect(mismatched).toEqual([]);
});

test('columnOf', () => {
  expect(['id', 'accountId', 'pinKeyExpiresAt', 'threeDs'].map(columnOf)).toEqual(['id', 'account_id', 'pin_key_expires_at', 'three_ds']);
});
