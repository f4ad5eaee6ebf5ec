-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "genesis" BYTEA;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "nodes" BYTEA;
