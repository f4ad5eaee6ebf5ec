-- CreateTable
CREATE TABLE "Snapshot" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "engineVersion" INTEGER NOT NULL,
    "state" TEXT NOT NULL,

    PRIMARY KEY ("gameId", "seq"),
    CONSTRAINT "Snapshot_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Event" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'move',
    "by" TEXT NOT NULL DEFAULT 'seat',
    "action" TEXT NOT NULL,
    "views" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("gameId", "seq"),
    CONSTRAINT "Event_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Event" ("action", "createdAt", "gameId", "idempotencyKey", "seat", "seq") SELECT "action", "createdAt", "gameId", "idempotencyKey", "seat", "seq" FROM "Event";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
CREATE UNIQUE INDEX "Event_gameId_seat_idempotencyKey_key" ON "Event"("gameId", "seat", "idempotencyKey");
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
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Game" ("createdAt", "deck", "engineVersion", "id", "kind", "options", "origin", "seatCount", "seed", "seedHash", "status", "updatedAt", "version") SELECT "createdAt", "deck", "engineVersion", "id", "kind", "options", "origin", "seatCount", "seed", "seedHash", "status", "updatedAt", "version" FROM "Game";
DROP TABLE "Game";
ALTER TABLE "new_Game" RENAME TO "Game";
CREATE INDEX "Game_status_createdAt_idx" ON "Game"("status", "createdAt");
CREATE TABLE "new_Seat" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT,
    "occupant" TEXT NOT NULL DEFAULT 'guest',
    "playerId" TEXT,
    "bot" TEXT,
    "due" BOOLEAN NOT NULL DEFAULT false,
    "dueSince" DATETIME,
    "deadline" DATETIME,
    "resigned" BOOLEAN NOT NULL DEFAULT false,
    "rematch" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" DATETIME,

    PRIMARY KEY ("gameId", "seat"),
    CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Seat" ("gameId", "name", "seat") SELECT "gameId", "name", "seat" FROM "Seat";
DROP TABLE "Seat";
ALTER TABLE "new_Seat" RENAME TO "Seat";
CREATE INDEX "Seat_playerId_due_idx" ON "Seat"("playerId", "due");
CREATE INDEX "Seat_deadline_idx" ON "Seat"("deadline");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
