-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "bank" DOUBLE PRECISION,
ADD COLUMN     "frozenUntil" TIMESTAMP(3),
ADD COLUMN     "remindAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Vacation" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "days" INTEGER NOT NULL,

    CONSTRAINT "Vacation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Vacation_playerId_startsAt_idx" ON "Vacation"("playerId", "startsAt");

-- CreateIndex
CREATE INDEX "Seat_remindAt_idx" ON "Seat"("remindAt");

-- CreateIndex
CREATE INDEX "Seat_frozenUntil_idx" ON "Seat"("frozenUntil");
