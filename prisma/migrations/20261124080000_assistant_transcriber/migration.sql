-- A hosted streaming recogniser per assistant (README "Recognition"); null: offline pocketsphinx.
ALTER TABLE "Assistant" ADD COLUMN "transcriber" JSONB;
