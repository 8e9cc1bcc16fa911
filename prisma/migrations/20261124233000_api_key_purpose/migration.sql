-- A key the console made for a webhook's deliveries is kept apart from the keys people use.
CREATE TYPE "ApiKeyPurpose" AS ENUM ('api', 'webhook');
ALTER TABLE "ApiKey" ADD COLUMN "purpose" "ApiKeyPurpose" NOT NULL DEFAULT 'api';
-- keys made so far for a webhook: named so when made, and held by a webhook
UPDATE "ApiKey" k SET purpose = 'webhook'
WHERE k.name LIKE 'Webhook deliveries to %' AND EXISTS (SELECT 1 FROM "Webhook" w WHERE w."apiKeyId" = k.id);
