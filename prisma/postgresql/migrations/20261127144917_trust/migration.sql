-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "serverRun" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "holding" TEXT;

-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "address" TEXT;

-- CreateIndex
CREATE INDEX "Game_createdBy_status_idx" ON "Game"("createdBy", "status");

-- CreateIndex
CREATE INDEX "Player_address_createdAt_idx" ON "Player"("address", "createdAt");
