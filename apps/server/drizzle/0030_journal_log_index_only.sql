DROP INDEX "journal_trade_entries_user_playbook_entry_idx";--> statement-breakpoint
DROP INDEX "journal_trade_tags_user_tag_entry_idx";--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD COLUMN "bot_trade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_trade_tags" ADD COLUMN "playbook_id" bigint;--> statement-breakpoint
ALTER TABLE "journal_trade_tags" ADD COLUMN "bot_trade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_trade_entries_user_playbook_log_idx" ON "journal_trade_entries" USING btree ("user_id","playbook_id","trade_entry_time" DESC NULLS LAST,"trade_id" DESC NULLS LAST) WHERE not "journal_trade_entries"."bot_trade";--> statement-breakpoint
CREATE INDEX "journal_trade_tags_user_tag_log_idx" ON "journal_trade_tags" USING btree ("user_id","tag","trade_entry_time" DESC NULLS LAST,"trade_id" DESC NULLS LAST) WHERE not "journal_trade_tags"."bot_trade";--> statement-breakpoint
CREATE INDEX "journal_trade_tags_user_playbook_tag_log_idx" ON "journal_trade_tags" USING btree ("user_id","playbook_id","tag","trade_entry_time" DESC NULLS LAST,"trade_id" DESC NULLS LAST) WHERE not "journal_trade_tags"."bot_trade";--> statement-breakpoint
-- The trade log filtered by playbook or tag pages on the journal's index alone (issue #24): the
-- only condition on the trade it still needed, not a bot run's, is copied onto the entries and
-- their tag rows (bot_trade, kept out of the partial indexes), and each tag row carries its
-- entry's playbook, so a page filtered by both is one index walk too. Triggers keep them, whoever writes.
CREATE OR REPLACE FUNCTION "journal_trade_entry_sort_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT "entry_time", "source" = 'bot' INTO NEW."trade_entry_time", NEW."bot_trade"
		FROM "trades" WHERE "id" = NEW."trade_id" AND "user_id" = NEW."user_id";
	IF NOT FOUND THEN
		RAISE EXCEPTION 'journal entry on trade % of another member', NEW."trade_id" USING ERRCODE = 'foreign_key_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
-- A trade whose entry time or source changes carries its journal entry (and so its tags) along.
CREATE OR REPLACE FUNCTION "trade_entry_time_to_journal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "journal_trade_entries" SET "trade_entry_time" = NEW."entry_time", "bot_trade" = NEW."source" = 'bot'
		WHERE "trade_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "trades_entry_time_to_journal" ON "trades";
--> statement-breakpoint
CREATE TRIGGER "trades_entry_time_to_journal" AFTER UPDATE OF "entry_time", "source" ON "trades"
	FOR EACH ROW WHEN (OLD."entry_time" IS DISTINCT FROM NEW."entry_time" OR OLD."source" IS DISTINCT FROM NEW."source")
	EXECUTE FUNCTION "trade_entry_time_to_journal"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "journal_trade_entries_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "journal_trade_tags" WHERE "entry_id" IN (
			SELECT "n"."id" FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
			WHERE ("o"."labels", "o"."trade_entry_time", "o"."trade_id", "o"."user_id", "o"."playbook_id", "o"."bot_trade")
				IS DISTINCT FROM ("n"."labels", "n"."trade_entry_time", "n"."trade_id", "n"."user_id", "n"."playbook_id", "n"."bot_trade"));
		INSERT INTO "journal_trade_tags" ("entry_id", "user_id", "trade_id", "tag", "trade_entry_time", "playbook_id", "bot_trade")
			SELECT DISTINCT "n"."id", "n"."user_id", "n"."trade_id", lower("label"), "n"."trade_entry_time", "n"."playbook_id", "n"."bot_trade"
			FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id", unnest("n"."labels") AS "label"
			WHERE ("o"."labels", "o"."trade_entry_time", "o"."trade_id", "o"."user_id", "o"."playbook_id", "o"."bot_trade")
				IS DISTINCT FROM ("n"."labels", "n"."trade_entry_time", "n"."trade_id", "n"."user_id", "n"."playbook_id", "n"."bot_trade");
	ELSE
		INSERT INTO "journal_trade_tags" ("entry_id", "user_id", "trade_id", "tag", "trade_entry_time", "playbook_id", "bot_trade")
			SELECT DISTINCT "n"."id", "n"."user_id", "n"."trade_id", lower("label"), "n"."trade_entry_time", "n"."playbook_id", "n"."bot_trade"
			FROM "new_rows" AS "n", unnest("n"."labels") AS "label";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "journal_trade_entries" AS "e" SET "bot_trade" = true
	FROM "trades" AS "t" WHERE "t"."id" = "e"."trade_id" AND "t"."source" = 'bot';
--> statement-breakpoint
UPDATE "journal_trade_tags" AS "g" SET "playbook_id" = "e"."playbook_id", "bot_trade" = "e"."bot_trade"
	FROM "journal_trade_entries" AS "e" WHERE "e"."id" = "g"."entry_id";
--> statement-breakpoint
-- As for the entries (0026): a playbook and a tag row belong to one member.
CREATE STATISTICS "journal_trade_tags_user_playbook_stats" (dependencies, ndistinct) ON "user_id", "playbook_id" FROM "journal_trade_tags";
--> statement-breakpoint
ANALYZE "journal_trade_entries", "journal_trade_tags";
