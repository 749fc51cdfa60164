import path from 'node:path';
import { defineConfig } from 'prisma/config';

// env() from prisma/config throws when a variable is unset; the CLI commands we run offline
// (generate) never connect, so a placeholder URL is enough when DATABASE_URL is absent.
export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/payrail' },
});
