CREATE TABLE "content_revisions" (
	"family" text PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_revisions" ADD COLUMN "course_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_revisions" ADD COLUMN "bot_revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A shared content family's revision moves once per statement that writes one of its tables;
-- the family is the trigger's argument. TRUNCATE counts too (tests and operators empty tables).
CREATE FUNCTION "bump_content_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "content_revisions" ("family", "revision") VALUES (TG_ARGV[0], 1)
		ON CONFLICT ("family") DO UPDATE SET "revision" = "content_revisions"."revision" + 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "instrument_levels_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instrument_levels" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('levels');
--> statement-breakpoint
CREATE TRIGGER "market_events_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "market_events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('market-events');
--> statement-breakpoint
CREATE TRIGGER "courses_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('courses');
--> statement-breakpoint
CREATE TRIGGER "course_modules_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_modules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('courses');
--> statement-breakpoint
CREATE TRIGGER "module_sections_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "module_sections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('courses');
--> statement-breakpoint
CREATE TRIGGER "live_sessions_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "live_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('live-sessions');
--> statement-breakpoint
CREATE TRIGGER "replays_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "replays" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"('live-sessions');
--> statement-breakpoint
-- A member's course revision: their lesson progress (the courses they read).
-- Like bump_journal_revisions (0006): one bump per member per statement.
CREATE FUNCTION "bump_course_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "course_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "course_revision" = "trade_revisions"."course_revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "course_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "course_revision" = "trade_revisions"."course_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "course_revision")
			SELECT "user_id", 0, 1 FROM "old_rows" UNION SELECT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "course_revision" = "trade_revisions"."course_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "module_progress_revision_insert" AFTER INSERT ON "module_progress" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_course_revisions"();
--> statement-breakpoint
CREATE TRIGGER "module_progress_revision_update" AFTER UPDATE ON "module_progress" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_course_revisions"();
--> statement-breakpoint
CREATE TRIGGER "module_progress_revision_delete" AFTER DELETE ON "module_progress" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_course_revisions"();
--> statement-breakpoint
-- A member's bot revision: their AlphaORB bots and runs (the overview's list and run states).
-- Like bump_journal_revisions (0006): one bump per member per statement.
CREATE FUNCTION "bump_bot_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "bot_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "bot_revision" = "trade_revisions"."bot_revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "bot_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "bot_revision" = "trade_revisions"."bot_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "bot_revision")
			SELECT "user_id", 0, 1 FROM "old_rows" UNION SELECT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "bot_revision" = "trade_revisions"."bot_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bots_revision_insert" AFTER INSERT ON "alphaorb_bots" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bots_revision_update" AFTER UPDATE ON "alphaorb_bots" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bots_revision_delete" AFTER DELETE ON "alphaorb_bots" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_runs_revision_insert" AFTER INSERT ON "alphaorb_bot_runs" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_runs_revision_update" AFTER UPDATE ON "alphaorb_bot_runs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_runs_revision_delete" AFTER DELETE ON "alphaorb_bot_runs" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions"();
