DROP INDEX "community_posts_channel_created_idx";--> statement-breakpoint
DROP INDEX "community_posts_parent_idx";--> statement-breakpoint
CREATE INDEX "community_posts_channel_pinned_idx" ON "community_posts" USING btree ("channel_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."parent_id" is null and "community_posts"."pinned";--> statement-breakpoint
CREATE INDEX "community_posts_channel_created_idx" ON "community_posts" USING btree ("channel_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "community_posts_parent_idx" ON "community_posts" USING btree ("parent_id","created_at","hidden_at","user_id");