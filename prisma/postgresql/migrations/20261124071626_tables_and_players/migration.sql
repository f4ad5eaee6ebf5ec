-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "clock" TEXT,
ADD COLUMN     "createdBy" TEXT,
ADD COLUMN     "rematch" TEXT,
ADD COLUMN     "rematchOf" TEXT,
ADD COLUMN     "result" TEXT,
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "toAct" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "bot" TEXT,
ADD COLUMN     "deadline" TIMESTAMP(3),
ADD COLUMN     "due" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "dueSince" TIMESTAMP(3),
ADD COLUMN     "joinedAt" TIMESTAMP(3),
ADD COLUMN     "occupant" TEXT NOT NULL DEFAULT 'guest',
ADD COLUMN     "playerId" TEXT,
ADD COLUMN     "rematch" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "resigned" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "by" TEXT NOT NULL DEFAULT 'seat',
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'move',
ADD COLUMN     "views" TEXT;

-- CreateTable
CREATE TABLE "Snapshot" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "engineVersion" INTEGER NOT NULL,
    "state" TEXT NOT NULL,

    CONSTRAINT "Snapshot_pkey" PRIMARY KEY ("gameId","seq")
);

-- CreateIndex
CREATE INDEX "Game_status_createdAt_idx" ON "Game"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Seat_playerId_due_idx" ON "Seat"("playerId", "due");

-- CreateIndex
CREATE INDEX "Seat_deadline_idx" ON "Seat"("deadline");

-- AddForeignKey
ALTER TABLE "Snapshot" ADD CONSTRAINT "Snapshot_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
