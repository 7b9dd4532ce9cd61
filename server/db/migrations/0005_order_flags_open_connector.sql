ALTER TABLE "charge_order" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "charger" ADD COLUMN "boot_at" timestamp with time zone;--> statement-breakpoint
UPDATE "charge_order" o SET "status" = 'CLOSED', "stop_reason" = 'Superseded', "flags" = array_append(o."flags", 'SUPERSEDED'),
  "server_stop_time" = now(), "meter_stop" = o."meter_start", "charger_stop_time" = o."charger_start_time"
WHERE o."status" = 'CHARGING' AND EXISTS (
  SELECT 1 FROM "charge_order" n WHERE n."charger_id" = o."charger_id" AND n."connector_id" = o."connector_id"
    AND n."status" = 'CHARGING' AND (n."server_start_time", n."id") > (o."server_start_time", o."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "charge_order_open_connector" ON "charge_order" USING btree ("charger_id","connector_id") WHERE "charge_order"."status" = 'CHARGING';