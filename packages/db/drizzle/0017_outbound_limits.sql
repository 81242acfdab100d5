-- Additive only (decision 062): instances of the release before neither read nor write these columns, and the index only speeds up the new claim.
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "resting_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "notification_outbox_held_idx" ON "notification_outbox" USING btree ("user_id") WHERE locked_until is not null and sent_at is null and done_reason is null;