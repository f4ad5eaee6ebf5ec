/**
 * One set of models: `prisma/schema.prisma` (SQLite) is written by hand, and the PostgreSQL schema is
 * derived from it by changing only the provider and the folder its client is generated into.
 */
export function postgresSchemaFrom(sqliteSchema: string): string {
  const header = '// Generated from prisma/schema.prisma by `npm run db:schemas`: edit that file, not this one.\n\n';
  return (
    header +
    sqliteSchema
      .replace('output        = "../src/generated/prisma/sqlite"', 'output        = "../../src/generated/prisma/postgresql"')
      .replace('provider = "sqlite"', 'provider = "postgresql"')
  );
}
