ALTER TABLE "trade_revisions" ADD COLUMN "journal_revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Like bump_trade_revisions (0001): one bump per member per statement, for writes to what the
-- report's journal breakdowns read (journal entries of trades, journal days with their tags).
CREATE FUNCTION "bump_journal_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "journal_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "journal_revision" = "trade_revisions"."journal_revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "journal_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "journal_revision" = "trade_revisions"."journal_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "journal_revision")
			SELECT "user_id", 0, 1 FROM "old_rows" UNION SELECT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "journal_revision" = "trade_revisions"."journal_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_trade_entries_revision_insert" AFTER INSERT ON "journal_trade_entries" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "journal_trade_entries_revision_update" AFTER UPDATE ON "journal_trade_entries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "journal_trade_entries_revision_delete" AFTER DELETE ON "journal_trade_entries" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "journal_days_revision_insert" AFTER INSERT ON "journal_days" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "journal_days_revision_update" AFTER UPDATE ON "journal_days" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "journal_days_revision_delete" AFTER DELETE ON "journal_days" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
