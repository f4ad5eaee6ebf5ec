-- CreateTable
CREATE TABLE "LogNode" (
    "gameId" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "index" INTEGER NOT NULL,
    "hash" BLOB NOT NULL,

    PRIMARY KEY ("gameId", "level", "index"),
    CONSTRAINT "LogNode_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
