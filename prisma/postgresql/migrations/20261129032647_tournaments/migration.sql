-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "tournamentId" TEXT,
ADD COLUMN     "tournamentRound" INTEGER,
ADD COLUMN     "tournamentTable" INTEGER;

-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
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
    "startsAt" TIMESTAMP(3),
    "seed" TEXT NOT NULL,
    "seedHash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentEntrant" (
    "tournamentId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL,
    "withdrawnAt" TIMESTAMP(3),

    CONSTRAINT "TournamentEntrant_pkey" PRIMARY KEY ("tournamentId","playerId")
);

-- CreateTable
CREATE TABLE "TournamentRound" (
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "deadline" TIMESTAMP(3) NOT NULL,
    "tables" TEXT NOT NULL DEFAULT '[]',
    "byes" TEXT NOT NULL DEFAULT '[]',
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "TournamentRound_pkey" PRIMARY KEY ("tournamentId","round")
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

-- AddForeignKey
ALTER TABLE "TournamentEntrant" ADD CONSTRAINT "TournamentEntrant_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentRound" ADD CONSTRAINT "TournamentRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;
