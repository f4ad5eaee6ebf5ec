-- Compact events (issue 39): each event names its game by a 4-byte key instead of its 36-character id,
-- the table is clustered on (gameKey, seq) WITHOUT ROWID (the primary key is the table, not an index
-- beside it), the idempotency keys move to a table of their own, which holds a row only for a move
-- posted with one (before, the unique index on them held a row for every event), and an event's nodes
-- no longer begin with its own leaf hash (the first 32 bytes), which is the hash of the row itself.

-- CreateTable
CREATE TABLE "GameKey" (
    "key" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" TEXT NOT NULL,
    CONSTRAINT "GameKey_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "GameKey_gameId_key" ON "GameKey"("gameId");

-- Every game has its key, whoever creates it (the server's SQL, the operator's Prisma Client).
INSERT INTO "GameKey" ("gameId") SELECT "id" FROM "Game" ORDER BY "createdAt", "id";

CREATE TRIGGER "GameKey_on_game_insert" AFTER INSERT ON "Game"
BEGIN
  INSERT INTO "GameKey" ("gameId") VALUES (NEW."id");
END;

-- CreateTable
CREATE TABLE "MoveKey" (
    "gameKey" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,

    PRIMARY KEY ("gameKey", "seat", "key"),
    CONSTRAINT "MoveKey_gameKey_fkey" FOREIGN KEY ("gameKey") REFERENCES "GameKey" ("key") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;

INSERT INTO "MoveKey" ("gameKey", "seat", "key", "seq")
SELECT k."key", e."seat", e."idempotencyKey", e."seq"
FROM "Event" e JOIN "GameKey" k ON k."gameId" = e."gameId" WHERE e."idempotencyKey" IS NOT NULL;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Event" (
    "gameKey" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'move',
    "by" TEXT NOT NULL DEFAULT 'seat',
    "action" TEXT NOT NULL,
    "views" TEXT,
    "nodes" BLOB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("gameKey", "seq"),
    CONSTRAINT "Event_gameKey_fkey" FOREIGN KEY ("gameKey") REFERENCES "GameKey" ("key") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
INSERT INTO "new_Event" ("gameKey", "seq", "seat", "kind", "by", "action", "views", "nodes", "createdAt")
SELECT k."key", e."seq", e."seat", e."kind", e."by", e."action", e."views", substr(e."nodes", 33), e."createdAt"
FROM "Event" e JOIN "GameKey" k ON k."gameId" = e."gameId" ORDER BY k."key", e."seq";
DROP TABLE "Event";
ALTER TABLE "new_Event" RENAME TO "Event";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
