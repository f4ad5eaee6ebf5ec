-- CreateTable
CREATE TABLE "GameAddress" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "address" TEXT NOT NULL,
    "bots" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "GameAddress_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invitation" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "inviter" TEXT NOT NULL,
    "invited" TEXT NOT NULL,
    "lapsesAt" DATETIME NOT NULL,

    PRIMARY KEY ("gameId", "seat"),
    CONSTRAINT "Invitation_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "GameAddress_address_createdAt_idx" ON "GameAddress"("address", "createdAt");

-- CreateIndex
CREATE INDEX "Invitation_lapsesAt_idx" ON "Invitation"("lapsesAt");

-- CreateIndex
CREATE INDEX "Invitation_inviter_idx" ON "Invitation"("inviter");
