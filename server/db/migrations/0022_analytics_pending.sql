CREATE TABLE "analytics_pending" (
	"order_id" integer PRIMARY KEY NOT NULL
);
