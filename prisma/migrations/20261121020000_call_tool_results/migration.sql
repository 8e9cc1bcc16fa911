-- AlterTable
ALTER TABLE "Call" ADD COLUMN     "toolResults" JSONB,
ADD COLUMN     "toolsRunAt" TIMESTAMP(3);
