CREATE TABLE "analytics_month" (
	"company_code" text NOT NULL,
	"station_id" integer DEFAULT 0 NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 2) DEFAULT '0' NOT NULL,
	"busy_seconds" bigint DEFAULT 0 NOT NULL,
	"peak_power_kw" numeric(12, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_month_key" ON "analytics_month" USING btree ("company_code","station_id","bucket");--> statement-breakpoint
CREATE INDEX "analytics_month_station" ON "analytics_month" USING btree ("station_id","bucket");--> statement-breakpoint
-- Backfill: the months of the daily rollup (UTC days fall in one UTC month each).
INSERT INTO "analytics_month" ("company_code", "station_id", "bucket", "sessions", "energy_kwh", "revenue", "busy_seconds", "peak_power_kw")
SELECT "company_code", "station_id", date_trunc('month', "bucket", 'UTC'), sum("sessions"), sum("energy_kwh"), sum("revenue"), sum("busy_seconds"), max("peak_power_kw")
FROM "analytics_day" GROUP BY 1, 2, 3;
