CREATE TABLE "notification_read" (
	"account_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_read_account_id_notification_id_pk" PRIMARY KEY("account_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "notifications_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "kind" text DEFAULT 'TEXT' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "last_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_read" ADD CONSTRAINT "notification_read_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_read" ADD CONSTRAINT "notification_read_notification_id_notification_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notification"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "notification" SET "last_at" = "created_at";--> statement-breakpoint
UPDATE "notification" AS n SET "kind" = 'DEVICE_OFFLINE',
  "params" = jsonb_build_object('device', CASE WHEN x.m[1] = 'Gateway' THEN 'gateway' ELSE 'charger' END, 'serialNum', x.m[2]),
  "group_key" = 'DEVICE_OFFLINE:' || CASE WHEN x.m[1] = 'Gateway' THEN 'gateway' ELSE 'charger' END || ':' || x.m[2] || ':' || to_char(n."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD')
  FROM (SELECT "id", regexp_match("content", '^(Charger|Gateway) (\S+) offline$') AS m FROM "notification" WHERE "system_notification_type" = 'EVENT') AS x
  WHERE n."id" = x."id" AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "notification" AS n SET "kind" = 'FAULT',
  "params" = jsonb_build_object('serialNum', x.m[1], 'connectorId', coalesce(x.m[2]::int, 0), 'errorCode', x.m[3]),
  "group_key" = 'FAULT:' || x.m[1] || ':' || coalesce(x.m[2], '0') || ':' || x.m[3] || ':' || to_char(n."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD')
  FROM (SELECT "id", regexp_match("content", '^Charger (\S+)(?: connector (\d+))?: (\S+)$') AS m FROM "notification" WHERE "system_notification_type" = 'EVENT' AND "kind" = 'TEXT') AS x
  WHERE n."id" = x."id" AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "notification" AS n SET "kind" = 'ORDER_UNPAID',
  "params" = jsonb_build_object('orderNo', x.m[1], 'code', x.m[2]::int, 'cardNumber', c."card_number"),
  "group_key" = CASE WHEN c."card_number" IS NULL THEN NULL ELSE 'ORDER_UNPAID:' || c."card_number" || ':' || to_char(n."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD') END
  FROM (SELECT "id", regexp_match("content", '^Order (\S+): .+ \((721|722)\)$') AS m FROM "notification" WHERE "system_notification_type" = 'EVENT' AND "kind" = 'TEXT') AS x
  LEFT JOIN "charge_order" AS o ON o."order_no" = x.m[1]
  LEFT JOIN "card_user" AS c ON c."id" = o."card_user_id"
  WHERE n."id" = x."id" AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "notification" SET "kind" = 'REPORT_TICKET', "params" = jsonb_build_object('subject', "content") WHERE "system_notification_type" = 'REPORT_TICKET';--> statement-breakpoint
UPDATE "notification" SET "params" = jsonb_build_object('text', "content") WHERE "kind" = 'TEXT';--> statement-breakpoint
UPDATE "notification" AS n SET "repeat_count" = g.n, "last_at" = g.last, "created_at" = g.first, "event_status" = g.status
  FROM (SELECT "id", count(*) OVER w AS n, max("created_at") OVER w AS last, min("created_at") OVER w AS first,
          first_value("event_status") OVER (w ORDER BY "created_at" DESC, "id" DESC) AS status,
          row_number() OVER (w ORDER BY "created_at" DESC, "id" DESC) AS rn
        FROM "notification" WHERE "group_key" IS NOT NULL WINDOW w AS (PARTITION BY "group_key")) AS g
  WHERE n."id" = g."id" AND g.rn = 1;--> statement-breakpoint
DELETE FROM "notification" AS n
  USING (SELECT "id", row_number() OVER (PARTITION BY "group_key" ORDER BY "last_at" DESC, "id" DESC) AS rn FROM "notification" WHERE "group_key" IS NOT NULL) AS g
  WHERE n."id" = g."id" AND g.rn > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_group_key" ON "notification" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "notification_company_last" ON "notification" USING btree ("company_code","last_at");