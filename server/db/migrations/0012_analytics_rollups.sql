CREATE TABLE "analytics_day" (
	"company_code" text NOT NULL,
	"station_id" integer DEFAULT 0 NOT NULL,
	"charger_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 2) DEFAULT '0' NOT NULL,
	"busy_seconds" bigint DEFAULT 0 NOT NULL,
	"peak_power_kw" numeric(12, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hour" (
	"company_code" text NOT NULL,
	"station_id" integer DEFAULT 0 NOT NULL,
	"charger_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"energy_kwh" numeric(18, 3) DEFAULT '0' NOT NULL,
	"revenue" numeric(18, 2) DEFAULT '0' NOT NULL,
	"busy_seconds" bigint DEFAULT 0 NOT NULL,
	"peak_power_kw" numeric(12, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_day_key" ON "analytics_day" USING btree ("charger_id","bucket");--> statement-breakpoint
CREATE INDEX "analytics_day_company" ON "analytics_day" USING btree ("company_code","bucket");--> statement-breakpoint
CREATE INDEX "analytics_day_station" ON "analytics_day" USING btree ("station_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_hour_key" ON "analytics_hour" USING btree ("charger_id","bucket");--> statement-breakpoint
CREATE INDEX "analytics_hour_company" ON "analytics_hour" USING btree ("company_code","bucket");--> statement-breakpoint
CREATE INDEX "analytics_hour_station" ON "analytics_hour" USING btree ("station_id","bucket");