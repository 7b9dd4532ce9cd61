ALTER TABLE "connection_attempt" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_attempt" ADD COLUMN "first_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "connection_attempt" SET "first_at" = "at";--> statement-breakpoint
UPDATE "connection_attempt" AS c SET "count" = g.n, "first_at" = g.f, "at" = g.l
  FROM (SELECT min("id") AS keep, count(*)::integer AS n, min("at") AS f, max("at") AS l
        FROM "connection_attempt" GROUP BY "identity", "remote_address", "reason" HAVING count(*) > 1) AS g
  WHERE c."id" = g.keep;--> statement-breakpoint
DELETE FROM "connection_attempt" AS c WHERE EXISTS (
  SELECT 1 FROM "connection_attempt" AS d
  WHERE d."identity" = c."identity" AND d."remote_address" IS NOT DISTINCT FROM c."remote_address"
    AND d."reason" = c."reason" AND d."id" < c."id");--> statement-breakpoint
ALTER TABLE "connection_attempt" ADD CONSTRAINT "connection_attempt_key" UNIQUE NULLS NOT DISTINCT("identity","remote_address","reason");
