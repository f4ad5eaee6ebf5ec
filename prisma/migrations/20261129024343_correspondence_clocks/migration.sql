-- AlterTable
ALTER TABLE "Seat" ADD COLUMN "bank" REAL;
ALTER TABLE "Seat" ADD COLUMN "frozenUntil" DATETIME;
ALTER TABLE "Seat" ADD COLUMN "remindAt" DATETIME;

-- CreateTable
CREATE TABLE "Vacation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "playerId" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "endedAt" DATETIME,
    "days" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "Vacation_playerId_startsAt_idx" ON "Vacation"("playerId", "startsAt");

-- CreateIndex
CREATE INDEX "Seat_remindAt_idx" ON "Seat"("remindAt");

-- CreateIndex
CREATE INDEX "Seat_frozenUntil_idx" ON "Seat"("frozenUntil");
