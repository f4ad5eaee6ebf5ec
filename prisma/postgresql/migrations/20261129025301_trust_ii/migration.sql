-- CreateTable
CREATE TABLE "GameAddress" (
    "gameId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "bots" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameAddress_pkey" PRIMARY KEY ("gameId")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "inviter" TEXT NOT NULL,
    "invited" TEXT NOT NULL,
    "lapsesAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("gameId","seat")
);

-- CreateIndex
CREATE INDEX "GameAddress_address_createdAt_idx" ON "GameAddress"("address", "createdAt");

-- CreateIndex
CREATE INDEX "Invitation_lapsesAt_idx" ON "Invitation"("lapsesAt");

-- CreateIndex
CREATE INDEX "Invitation_inviter_idx" ON "Invitation"("inviter");

-- AddForeignKey
ALTER TABLE "GameAddress" ADD CONSTRAINT "GameAddress_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
