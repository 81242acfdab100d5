DROP INDEX "reports_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "reports_created_at_id_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_status_created_at_id_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);