-- AlterTable
ALTER TABLE "Game" ADD COLUMN "rated" BOOLEAN;

-- CreateTable
CREATE TABLE "Rating" (
    "playerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mu" REAL NOT NULL,
    "sigma" REAL NOT NULL,
    "games" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,

    PRIMARY KEY ("playerId", "kind")
);

-- CreateTable
CREATE TABLE "RatedGame" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "finishedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "playerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "muBefore" REAL NOT NULL,
    "sigmaBefore" REAL NOT NULL,
    "muAfter" REAL NOT NULL,
    "sigmaAfter" REAL NOT NULL,
    "finishedAt" DATETIME NOT NULL,

    PRIMARY KEY ("gameId", "seat")
);

-- CreateIndex
CREATE INDEX "Rating_kind_mu_idx" ON "Rating"("kind", "mu");

-- CreateIndex
CREATE UNIQUE INDEX "RatedGame_gameId_key" ON "RatedGame"("gameId");

-- CreateIndex
CREATE INDEX "RatingChange_playerId_kind_seq_idx" ON "RatingChange"("playerId", "kind", "seq");

-- CreateIndex
CREATE INDEX "RatingChange_seq_idx" ON "RatingChange"("seq");
