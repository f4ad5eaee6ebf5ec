-- AlterTable
ALTER TABLE "Webhook" ADD COLUMN "signing" TEXT;
