-- DropIndex
DROP INDEX "Seat_playerId_due_idx";

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN "gameUpdatedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Seat_playerId_due_deadline_dueSince_gameId_idx" ON "Seat"("playerId", "due", "deadline", "dueSince", "gameId");

-- CreateIndex
CREATE INDEX "Seat_playerId_due_gameUpdatedAt_gameId_idx" ON "Seat"("playerId", "due", "gameUpdatedAt", "gameId");

-- Each seat keeps its game's updatedAt, whoever writes the game (the server's SQL, the operator's
-- Prisma Client): "my games" reads a page of it from the index above instead of sorting every game.
UPDATE "Seat" SET "gameUpdatedAt" = (SELECT "updatedAt" FROM "Game" WHERE "Game"."id" = "Seat"."gameId");

CREATE TRIGGER "Seat_gameUpdatedAt_on_insert" AFTER INSERT ON "Seat"
BEGIN
  UPDATE "Seat" SET "gameUpdatedAt" = (SELECT "updatedAt" FROM "Game" WHERE "id" = NEW."gameId")
  WHERE "gameId" = NEW."gameId" AND "seat" = NEW."seat";
END;

CREATE TRIGGER "Seat_gameUpdatedAt_on_update" AFTER UPDATE OF "updatedAt" ON "Game"
WHEN NEW."updatedAt" IS NOT OLD."updatedAt"
BEGIN
  UPDATE "Seat" SET "gameUpdatedAt" = NEW."updatedAt" WHERE "gameId" = NEW."id";
END;
