-- CreateTable
CREATE TABLE "LogNode" (
    "gameId" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "index" INTEGER NOT NULL,
    "hash" BYTEA NOT NULL,

    CONSTRAINT "LogNode_pkey" PRIMARY KEY ("gameId","level","index")
);

-- AddForeignKey
ALTER TABLE "LogNode" ADD CONSTRAINT "LogNode_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
