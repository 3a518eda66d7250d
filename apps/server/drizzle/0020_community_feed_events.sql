CREATE TABLE "community_feed_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_feed_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" uuid NOT NULL,
	"post_id" bigint NOT NULL,
	"parent_id" bigint,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "community_posts_channel_created_idx";--> statement-breakpoint
DROP INDEX "community_posts_parent_idx";--> statement-breakpoint
ALTER TABLE "community_feed_events" ADD CONSTRAINT "community_feed_events_channel_id_community_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."community_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_channel_pinned_idx" ON "community_posts" USING btree ("channel_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."parent_id" is null and "community_posts"."pinned";--> statement-breakpoint
CREATE INDEX "community_posts_channel_created_idx" ON "community_posts" USING btree ("channel_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "community_posts_parent_idx" ON "community_posts" USING btree ("parent_id","created_at","hidden_at","user_id");--> statement-breakpoint
-- Wakes every instance's live feed as soon as a post, a reply or a feed event is committed
-- (NOTIFY is delivered at commit, once per transaction and payload); the feeds still poll each
-- second, which is all they do on PGlite, so a lost notification only delays.
CREATE FUNCTION "community_feed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('community_feed', '');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "community_posts_feed_notify" AFTER INSERT ON "community_posts" FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_notify"();
--> statement-breakpoint
CREATE TRIGGER "community_feed_events_notify" AFTER INSERT ON "community_feed_events" FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_notify"();
