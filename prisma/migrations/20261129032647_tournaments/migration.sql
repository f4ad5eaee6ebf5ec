-- AlterTable
ALTER TABLE "Game" ADD COLUMN "tournamentId" TEXT;
ALTER TABLE "Game" ADD COLUMN "tournamentRound" INTEGER;
ALTER TABLE "Game" ADD COLUMN "tournamentTable" INTEGER;

-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "scoring" TEXT NOT NULL,
    "rounds" INTEGER,
    "tableSeats" INTEGER NOT NULL,
    "roundHours" INTEGER NOT NULL,
    "maxPlayers" INTEGER NOT NULL,
    "minPlayers" INTEGER NOT NULL,
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "startsAt" DATETIME,
    "seed" TEXT NOT NULL,
    "seedHash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "TournamentEntrant" (
    "tournamentId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "joinedAt" DATETIME NOT NULL,
    "withdrawnAt" DATETIME,

    PRIMARY KEY ("tournamentId", "playerId"),
    CONSTRAINT "TournamentEntrant_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TournamentRound" (
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "deadline" DATETIME NOT NULL,
    "tables" TEXT NOT NULL DEFAULT '[]',
    "byes" TEXT NOT NULL DEFAULT '[]',
    "endedAt" DATETIME,

    PRIMARY KEY ("tournamentId", "round"),
    CONSTRAINT "TournamentRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Tournament_status_createdAt_idx" ON "Tournament"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Tournament_status_startsAt_idx" ON "Tournament"("status", "startsAt");

-- CreateIndex
CREATE INDEX "TournamentEntrant_playerId_idx" ON "TournamentEntrant"("playerId");

-- CreateIndex
CREATE INDEX "TournamentRound_endedAt_deadline_idx" ON "TournamentRound"("endedAt", "deadline");

-- CreateIndex
CREATE UNIQUE INDEX "Game_tournamentId_tournamentRound_tournamentTable_key" ON "Game"("tournamentId", "tournamentRound", "tournamentTable");
