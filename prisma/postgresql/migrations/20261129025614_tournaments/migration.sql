-- AlterTable
ALTER TABLE "TournamentRound" ADD COLUMN     "tables" TEXT NOT NULL DEFAULT '[]';
