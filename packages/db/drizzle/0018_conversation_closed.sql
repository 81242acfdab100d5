-- Additive only (decision 062): a new event kind and its reason column; rows without a reason are every kind before it.
CREATE TYPE "public"."conversation_closed_reason" AS ENUM('listing.deleted', 'listing.removed', 'listing.ended');--> statement-breakpoint
ALTER TYPE "public"."user_event_kind" ADD VALUE 'conversation.closed';--> statement-breakpoint
ALTER TABLE "user_events" ADD COLUMN "closed_reason" "conversation_closed_reason";