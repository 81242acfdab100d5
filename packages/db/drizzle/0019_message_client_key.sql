-- Additive only (decision 062): instances of the release before neither read nor write the column; rows without a key (null) never collide.
ALTER TABLE "messages" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_id_client_key_unique" ON "messages" USING btree ("sender_id","client_key");