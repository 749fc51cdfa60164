import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { printSchema, lexicographicSortSchema } from 'graphql';
import { buildGraphQLSchema } from '../src/resolvers/schema';

/** Writes schema.graphql (checked in) from the type-graphql resolvers; run by `npm run build`. */
async function main(): Promise<void> {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const sdl = printSchema(lexicographicSortSchema(await buildGraphQLSchema())) + '\n';
  const file = path.join(dir, 'schema.graphql');
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== sdl) fs.writeFileSync(file, sdl);
}

main().catch((err: unknown) => {
  process.stderr.write(`emit-schema failed: ${String(err)}\n`);
  process.exit(1);
});
