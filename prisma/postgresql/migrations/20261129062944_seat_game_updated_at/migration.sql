-- DropIndex
DROP INDEX "Seat_playerId_due_idx";

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "gameUpdatedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Seat_playerId_due_deadline_dueSince_gameId_idx" ON "Seat"("playerId", "due", "deadline", "dueSince", "gameId");

-- CreateIndex
CREATE INDEX "Seat_playerId_due_gameUpdatedAt_gameId_idx" ON "Seat"("playerId", "due", "gameUpdatedAt", "gameId");

-- Each seat keeps its game's updatedAt, whoever writes the game (the server's SQL, the operator's
-- Prisma Client): "my games" reads a page of it from the index above instead of sorting every game.
UPDATE "Seat" SET "gameUpdatedAt" = g."updatedAt" FROM "Game" g WHERE g."id" = "Seat"."gameId";

CREATE FUNCTION "seat_game_updated_at_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."gameUpdatedAt" := (SELECT "updatedAt" FROM "Game" WHERE "id" = NEW."gameId");
  RETURN NEW;
END $$;

CREATE TRIGGER "Seat_gameUpdatedAt_on_insert" BEFORE INSERT ON "Seat"
FOR EACH ROW EXECUTE FUNCTION "seat_game_updated_at_on_insert"();

CREATE FUNCTION "seat_game_updated_at_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Seat" SET "gameUpdatedAt" = NEW."updatedAt" WHERE "gameId" = NEW."id";
  RETURN NULL;
END $$;

CREATE TRIGGER "Seat_gameUpdatedAt_on_update" AFTER UPDATE OF "updatedAt" ON "Game"
FOR EACH ROW WHEN (NEW."updatedAt" IS DISTINCT FROM OLD."updatedAt") EXECUTE FUNCTION "seat_game_updated_at_on_update"();
