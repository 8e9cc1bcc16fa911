import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI only (generate here; migrate deploy on machines that can reach the
// engine binaries). The apps read DATABASE_URL through libs/platform config.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/voice' },
});
