-- Notices about posts of members deleted since (before this key existed) cannot be kept: the key would refuse them.
DELETE FROM "community_feed_events" e WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = e.author_id);--> statement-breakpoint
ALTER TABLE "community_feed_events" ADD CONSTRAINT "community_feed_events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
