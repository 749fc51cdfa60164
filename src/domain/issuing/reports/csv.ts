import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Cell, Column } from './columns';

export interface CsvResult {
  csv: string;
  rowCount: number;
}

/**
 * Streams `rows` through csv-stringify: a header line of the column names, then one record per
 * row, CRLF-free (`\n`), fields quoted when they hold the delimiter, a quote or a line break.
 * `escape_formulas` prefixes `'` to a text cell starting with `=`, `+`, `-`, `@`, tab or carriage
 * return (OWASP CSV injection); numbers are left as they are, so negative amounts stay numbers.
 */
export async function writeCsv<V>(columns: readonly Column<V>[], rows: AsyncIterable<V>): Promise<CsvResult> {
  let rowCount = 0;
  async function* records(): AsyncGenerator<Cell[]> {
    for await (const row of rows) {
      rowCount++;
      yield columns.map((c) => c.value(row));
    }
  }
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(records()),
    stringify({ header: true, columns: columns.map((c) => c.name), escape_formulas: true, record_delimiter: 'unix' }),
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
    }),
  );
  return { csv: Buffer.concat(chunks).toString('utf8'), rowCount };
}
