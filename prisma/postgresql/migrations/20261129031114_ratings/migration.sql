-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "rated" BOOLEAN;

-- CreateTable
CREATE TABLE "Rating" (
    "playerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("playerId","kind")
);

-- CreateTable
CREATE TABLE "RatedGame" (
    "seq" INTEGER NOT NULL,
    "gameId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RatedGame_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "playerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "muBefore" DOUBLE PRECISION NOT NULL,
    "sigmaBefore" DOUBLE PRECISION NOT NULL,
    "muAfter" DOUBLE PRECISION NOT NULL,
    "sigmaAfter" DOUBLE PRECISION NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("gameId","seat")
);

-- CreateIndex
CREATE INDEX "Rating_kind_mu_idx" ON "Rating"("kind", "mu");

-- CreateIndex
CREATE UNIQUE INDEX "RatedGame_gameId_key" ON "RatedGame"("gameId");

-- CreateIndex
CREATE INDEX "RatingChange_playerId_kind_seq_idx" ON "RatingChange"("playerId", "kind", "seq");

-- CreateIndex
CREATE INDEX "RatingChange_seq_idx" ON "RatingChange"("seq");
