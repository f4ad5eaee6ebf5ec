-- CreateIndex
CREATE INDEX "Seat_occupant_due_dueSince_idx" ON "Seat"("occupant", "due", "dueSince");

-- CreateIndex
CREATE INDEX "Seat_resigned_due_dueSince_idx" ON "Seat"("resigned", "due", "dueSince");
