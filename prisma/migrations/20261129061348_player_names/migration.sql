-- CreateIndex
CREATE INDEX "Player_name_idx" ON "Player"("name");
