ALTER TABLE "trade_revisions" ADD COLUMN "notification_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A member's notification revision: the bell's unread count is kept per member and revision
-- (modules/notifications/service.ts), read with the token. It moves in the transaction of every
-- insert, update (mark read) and delete of their notifications, whoever writes (the API on any
-- instance, the delivery jobs, account deletion's cascade). Like bump_journal_revisions (0006):
-- one bump per member per statement.
CREATE FUNCTION "bump_notification_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "notification_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "notification_revision" = "trade_revisions"."notification_revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "notification_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "notification_revision" = "trade_revisions"."notification_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "notification_revision")
			SELECT "user_id", 0, 1 FROM "old_rows" UNION SELECT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "notification_revision" = "trade_revisions"."notification_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_revision_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_notification_revisions"();
--> statement-breakpoint
CREATE TRIGGER "notifications_revision_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_notification_revisions"();
--> statement-breakpoint
CREATE TRIGGER "notifications_revision_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_notification_revisions"();
--> statement-breakpoint
-- The community's channels (name, slug, description, who may see and post, order) as a shared
-- content family: a channel's page is answered from the channels kept at this revision, read with
-- the token, instead of a statement per page. Not its page_revision (moved by every post): that
-- is read with the token per channel.
CREATE TRIGGER "community_channels_content_revision" AFTER INSERT OR DELETE OR UPDATE OF "name", "slug", "description", "staff_only", "read_only", "position" OR TRUNCATE ON "community_channels" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('community-channels');
