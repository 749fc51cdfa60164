-- Webhook deliveries keep no answer body and, in last_error, only the class of the last failure
-- (src/domain/developers/webhooks/rules.ts, DELIVERY_FAILURES): a tenant never reads what a receiver
-- answered, nor a socket's error text with its addresses and ports.

-- AlterTable
ALTER TABLE "webhook_deliveries" DROP COLUMN "last_answer";

-- The texts written before, reduced to their class.
UPDATE "webhook_deliveries" SET "last_error" = CASE
    WHEN "last_error" LIKE 'answered %' THEN 'non_2xx'
    WHEN "last_error" LIKE 'refused\_address:%' THEN 'refused_address'
    WHEN "last_error" LIKE 'timeout:%' THEN 'timeout'
    WHEN "last_error" LIKE 'bad\_url:%' THEN 'bad_url'
    WHEN "last_error" LIKE 'network:%ECONNREFUSED%' THEN 'refused'
    WHEN "last_error" LIKE 'network:%ENOTFOUND%' OR "last_error" LIKE 'network:%EAI\_%' THEN 'dns'
    WHEN "last_error" LIKE 'network:%' AND ("last_error" ILIKE '%certificate%' OR "last_error" ILIKE '%ssl%' OR "last_error" ILIKE '%tls%') THEN 'tls'
    WHEN "last_error" LIKE 'network:%' THEN 'network'
    ELSE 'internal_error'
  END
 WHERE "last_error" IS NOT NULL
   AND "last_error" NOT IN ('non_2xx', 'timeout', 'refused', 'tls', 'dns', 'network', 'refused_address', 'bad_url', 'internal_error');
