CREATE TABLE "journal_trade_tags" (
	"entry_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"trade_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"trade_entry_time" timestamp with time zone,
	CONSTRAINT "journal_trade_tags_pkey" PRIMARY KEY("entry_id","tag")
);
--> statement-breakpoint
DROP INDEX "journal_trade_entries_user_playbook_idx";--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD COLUMN "trade_entry_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "journal_trade_tags" ADD CONSTRAINT "journal_trade_tags_entry_id_journal_trade_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_trade_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_tags" ADD CONSTRAINT "journal_trade_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_trade_tags_user_tag_entry_idx" ON "journal_trade_tags" USING btree ("user_id","tag","trade_entry_time" DESC NULLS LAST,"trade_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_trade_entries_user_playbook_entry_idx" ON "journal_trade_entries" USING btree ("user_id","playbook_id","trade_entry_time" DESC NULLS LAST,"trade_id" DESC NULLS LAST);--> statement-breakpoint
-- The trade log filtered by playbook or tag reads from the journal's side (issue #24): each
-- entry carries its trade's sort key (entry_time) and each tag is a row of journal_trade_tags,
-- lower-cased. Both are kept by the triggers below, whoever writes; the backfill fills them first.
UPDATE "journal_trade_entries" AS "e" SET "trade_entry_time" = "t"."entry_time"
	FROM "trades" AS "t" WHERE "t"."id" = "e"."trade_id" AND "t"."entry_time" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "journal_trade_tags" ("entry_id", "user_id", "trade_id", "tag", "trade_entry_time")
	SELECT DISTINCT "e"."id", "e"."user_id", "e"."trade_id", lower("label"), "e"."trade_entry_time"
	FROM "journal_trade_entries" AS "e", unnest("e"."labels") AS "label";
--> statement-breakpoint
-- A new entry (or one moved to another trade) takes its trade's entry time, and must be on a trade
-- of its own member: the trade log reads a member's trades through their entries alone.
CREATE FUNCTION "journal_trade_entry_sort_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT "entry_time" INTO NEW."trade_entry_time" FROM "trades" WHERE "id" = NEW."trade_id" AND "user_id" = NEW."user_id";
	IF NOT FOUND THEN
		RAISE EXCEPTION 'journal entry on trade % of another member', NEW."trade_id" USING ERRCODE = 'foreign_key_violation';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_trade_entries_sort_key" BEFORE INSERT OR UPDATE OF "trade_id", "user_id" ON "journal_trade_entries"
	FOR EACH ROW EXECUTE FUNCTION "journal_trade_entry_sort_key"();
--> statement-breakpoint
-- A trade whose entry time changes moves its journal entry (and so its tags, below) with it.
CREATE FUNCTION "trade_entry_time_to_journal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "journal_trade_entries" SET "trade_entry_time" = NEW."entry_time" WHERE "trade_id" = NEW."id";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trades_entry_time_to_journal" AFTER UPDATE OF "entry_time" ON "trades"
	FOR EACH ROW WHEN (OLD."entry_time" IS DISTINCT FROM NEW."entry_time") EXECUTE FUNCTION "trade_entry_time_to_journal"();
--> statement-breakpoint
-- The entries' tags (deleted with them by cascade). Per statement, from the transition tables, so
-- a bulk insert writes its tags in one statement; an update rewrites the tags only of entries
-- whose labels or sort key changed.
CREATE FUNCTION "journal_trade_entries_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "journal_trade_tags" WHERE "entry_id" IN (
			SELECT "n"."id" FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
			WHERE ("o"."labels", "o"."trade_entry_time", "o"."trade_id", "o"."user_id")
				IS DISTINCT FROM ("n"."labels", "n"."trade_entry_time", "n"."trade_id", "n"."user_id"));
		INSERT INTO "journal_trade_tags" ("entry_id", "user_id", "trade_id", "tag", "trade_entry_time")
			SELECT DISTINCT "n"."id", "n"."user_id", "n"."trade_id", lower("label"), "n"."trade_entry_time"
			FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id", unnest("n"."labels") AS "label"
			WHERE ("o"."labels", "o"."trade_entry_time", "o"."trade_id", "o"."user_id")
				IS DISTINCT FROM ("n"."labels", "n"."trade_entry_time", "n"."trade_id", "n"."user_id");
	ELSE
		INSERT INTO "journal_trade_tags" ("entry_id", "user_id", "trade_id", "tag", "trade_entry_time")
			SELECT DISTINCT "n"."id", "n"."user_id", "n"."trade_id", lower("label"), "n"."trade_entry_time"
			FROM "new_rows" AS "n", unnest("n"."labels") AS "label";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_trade_entries_tags_insert" AFTER INSERT ON "journal_trade_entries" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_trade_entries_tags"();
--> statement-breakpoint
CREATE TRIGGER "journal_trade_entries_tags_update" AFTER UPDATE ON "journal_trade_entries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "journal_trade_entries_tags"();
--> statement-breakpoint
-- A playbook belongs to one member: without this the planner multiplies the two selectivities,
-- expects half the playbook's entries and, on a deep page, sorts the member's trades instead of
-- walking the playbook index.
CREATE STATISTICS "journal_trade_entries_user_playbook_stats" (dependencies, ndistinct) ON "user_id", "playbook_id" FROM "journal_trade_entries";
--> statement-breakpoint
ANALYZE "journal_trade_entries", "journal_trade_tags";
