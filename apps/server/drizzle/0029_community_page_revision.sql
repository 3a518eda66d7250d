ALTER TABLE "community_channels" ADD COLUMN "page_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "community_posts_own_hidden_idx" ON "community_posts" USING btree ("user_id","channel_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "community_posts"."parent_id" is null and "community_posts"."hidden_at" is not null;--> statement-breakpoint
-- A channel's page revision moves in the same transaction as every write that changes what its
-- pages show, whoever writes (the API on any instance, moderation, account deletion's cascade, a
-- seed): triggers, so no write path can forget it. They are deferred to the commit: the channel's
-- row is then locked only while the transaction commits, so two transactions writing in one
-- channel do not wait for each other (an immediate bump would hold the lock from the first write
-- to the commit, and a writer holding its transaction open would stall the whole channel). A
-- transaction moves each channel once, however many rows it writes (a transaction-local setting
-- remembers it).
CREATE FUNCTION "community_page_bump"(channel uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	done text := 'community_page.bumped_' || replace(channel::text, '-', '_');
BEGIN
	IF channel IS NULL OR current_setting(done, true) = '1' THEN
		RETURN;
	END IF;
	PERFORM set_config(done, '1', true);
	UPDATE community_channels SET page_revision = page_revision + 1 WHERE id = channel;
END $$;
--> statement-breakpoint
CREATE FUNCTION "community_page_bump_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM community_page_bump(OLD.channel_id);
	ELSE
		PERFORM community_page_bump(NEW.channel_id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "community_posts_page_revision" AFTER INSERT OR UPDATE OR DELETE ON "community_posts"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "community_page_bump_post"();
--> statement-breakpoint
-- Reactions and images name their post; the post's channel moves. (Those deleted with their post
-- find it gone at the commit, and the post's own delete has moved the channel.)
CREATE FUNCTION "community_page_bump_post_part"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	post bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
	PERFORM community_page_bump((SELECT p.channel_id FROM community_posts p WHERE p.id = post));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "community_reactions_page_revision" AFTER INSERT OR UPDATE OR DELETE ON "community_reactions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "community_page_bump_post_part"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "community_post_images_page_revision" AFTER INSERT OR UPDATE OR DELETE ON "community_post_images"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "community_page_bump_post_part"();
--> statement-breakpoint
-- A page shows its authors' names: a member renamed moves the channels they wrote in.
CREATE FUNCTION "community_page_bump_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM community_page_bump(c.id) FROM community_channels c
	WHERE EXISTS (SELECT 1 FROM community_posts p WHERE p.channel_id = c.id AND p.user_id = NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_community_page_author" AFTER UPDATE OF first_name, last_name ON "users"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
EXECUTE FUNCTION "community_page_bump_author"();
