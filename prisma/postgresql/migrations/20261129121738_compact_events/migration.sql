-- Compact events (issue 39): each event names its game by a 4-byte key instead of its 36-character id,
-- the events are rewritten in (gameKey, seq) order into a new table, the idempotency keys move to a
-- table of their own, which holds a row only for a move posted with one (before, the unique index on
-- them held a row for every event), and an event's nodes no longer begin with its own leaf hash (the
-- first 32 bytes), which is the hash of the row itself.

-- CreateTable
CREATE TABLE "GameKey" (
    "key" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,

    CONSTRAINT "GameKey_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "GameKey_gameId_key" ON "GameKey"("gameId");

-- AddForeignKey
ALTER TABLE "GameKey" ADD CONSTRAINT "GameKey_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every game has its key, whoever creates it (the server's SQL, the operator's Prisma Client).
INSERT INTO "GameKey" ("gameId") SELECT "id" FROM "Game" ORDER BY "createdAt", "id";

CREATE FUNCTION "game_key_on_game_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "GameKey" ("gameId") VALUES (NEW."id");
  RETURN NULL;
END $$;

CREATE TRIGGER "GameKey_on_game_insert" AFTER INSERT ON "Game"
FOR EACH ROW EXECUTE FUNCTION "game_key_on_game_insert"();

-- CreateTable
CREATE TABLE "MoveKey" (
    "gameKey" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,

    CONSTRAINT "MoveKey_pkey" PRIMARY KEY ("gameKey","seat","key")
);

INSERT INTO "MoveKey" ("gameKey", "seat", "key", "seq")
SELECT k."key", e."seat", e."idempotencyKey", e."seq"
FROM "Event" e JOIN "GameKey" k ON k."gameId" = e."gameId" WHERE e."idempotencyKey" IS NOT NULL;

-- AddForeignKey
ALTER TABLE "MoveKey" ADD CONSTRAINT "MoveKey_gameKey_fkey" FOREIGN KEY ("gameKey") REFERENCES "GameKey"("key") ON DELETE CASCADE ON UPDATE CASCADE;

-- The events, rewritten into a new table in key order (an UPDATE in place would leave every row twice).
ALTER TABLE "Event" RENAME TO "old_Event";
ALTER TABLE "old_Event" RENAME CONSTRAINT "Event_pkey" TO "old_Event_pkey";
ALTER TABLE "old_Event" DROP CONSTRAINT "Event_gameId_fkey";
DROP INDEX "Event_gameId_seat_idempotencyKey_key";

-- CreateTable
CREATE TABLE "Event" (
    "gameKey" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'move',
    "by" TEXT NOT NULL DEFAULT 'seat',
    "action" TEXT NOT NULL,
    "views" TEXT,
    "nodes" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("gameKey","seq")
);

INSERT INTO "Event" ("gameKey", "seq", "seat", "kind", "by", "action", "views", "nodes", "createdAt")
SELECT k."key", e."seq", e."seat", e."kind", e."by", e."action", e."views", substring(e."nodes" from 33), e."createdAt"
FROM "old_Event" e JOIN "GameKey" k ON k."gameId" = e."gameId" ORDER BY k."key", e."seq";
DROP TABLE "old_Event";

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_gameKey_fkey" FOREIGN KEY ("gameKey") REFERENCES "GameKey"("key") ON DELETE CASCADE ON UPDATE CASCADE;
