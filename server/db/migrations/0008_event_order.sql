ALTER TABLE "event" ADD COLUMN "order_id" integer;--> statement-breakpoint
CREATE INDEX "event_order" ON "event" USING btree ("order_id") WHERE "event"."order_id" is not null;