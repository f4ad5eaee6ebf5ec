-- AlterTable
ALTER TABLE "Player" ADD COLUMN "address" TEXT;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN "holding" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Game" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "clock" TEXT,
    "seatCount" INTEGER NOT NULL,
    "engineVersion" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "seedHash" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "deck" TEXT,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "toAct" TEXT NOT NULL DEFAULT '[]',
    "result" TEXT,
    "createdBy" TEXT,
    "rematchOf" TEXT,
    "rematch" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "serverRun" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "new_Game" ("clock", "createdAt", "createdBy", "deck", "engineVersion", "id", "kind", "options", "origin", "rematch", "rematchOf", "result", "revision", "seatCount", "seed", "seedHash", "status", "toAct", "updatedAt", "version") SELECT "clock", "createdAt", "createdBy", "deck", "engineVersion", "id", "kind", "options", "origin", "rematch", "rematchOf", "result", "revision", "seatCount", "seed", "seedHash", "status", "toAct", "updatedAt", "version" FROM "Game";
DROP TABLE "Game";
ALTER TABLE "new_Game" RENAME TO "Game";
CREATE INDEX "Game_status_createdAt_idx" ON "Game"("status", "createdAt");
CREATE INDEX "Game_createdBy_status_idx" ON "Game"("createdBy", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Player_address_createdAt_idx" ON "Player"("address", "createdAt");
