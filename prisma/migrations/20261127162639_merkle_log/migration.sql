-- AlterTable
ALTER TABLE "Event" ADD COLUMN "nodes" BLOB;

-- AlterTable
ALTER TABLE "Game" ADD COLUMN "genesis" BLOB;
