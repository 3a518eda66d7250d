-- A run's events and recorded orders move its member's bot revision too, so the bot monitor
-- (polled every few seconds by every member watching a bot) can be answered from memory while
-- nothing of the bot has been written. These rows carry no user_id: it is their run's. A row
-- deleted with its run (cascade) finds no run; the run's own delete has bumped already.
CREATE FUNCTION "bump_bot_revisions_by_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "bot_revision")
			SELECT DISTINCT r."user_id", 0, 1 FROM "old_rows" o JOIN "alphaorb_bot_runs" r ON r."id" = o."run_id"
			ON CONFLICT ("user_id") DO UPDATE SET "bot_revision" = "trade_revisions"."bot_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "bot_revision")
			SELECT DISTINCT r."user_id", 0, 1 FROM "new_rows" n JOIN "alphaorb_bot_runs" r ON r."id" = n."run_id"
			ON CONFLICT ("user_id") DO UPDATE SET "bot_revision" = "trade_revisions"."bot_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_run_events_revision_insert" AFTER INSERT ON "alphaorb_bot_run_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions_by_run"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_run_events_revision_update" AFTER UPDATE ON "alphaorb_bot_run_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions_by_run"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_run_events_revision_delete" AFTER DELETE ON "alphaorb_bot_run_events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions_by_run"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_orders_revision_insert" AFTER INSERT ON "alphaorb_bot_orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions_by_run"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_orders_revision_update" AFTER UPDATE ON "alphaorb_bot_orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions_by_run"();
--> statement-breakpoint
CREATE TRIGGER "alphaorb_bot_orders_revision_delete" AFTER DELETE ON "alphaorb_bot_orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_revisions_by_run"();
