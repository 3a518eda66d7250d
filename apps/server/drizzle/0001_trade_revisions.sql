CREATE TABLE "trade_revisions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
-- One bump per member per statement: a sync writing 5,000 trades moves the revision once.
CREATE FUNCTION "bump_trade_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision")
			SELECT DISTINCT "user_id", 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "revision" = "trade_revisions"."revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision")
			SELECT DISTINCT "user_id", 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "revision" = "trade_revisions"."revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision")
			SELECT "user_id", 1 FROM "old_rows" UNION SELECT "user_id", 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "revision" = "trade_revisions"."revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trades_revision_insert" AFTER INSERT ON "trades" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_trade_revisions"();
--> statement-breakpoint
CREATE TRIGGER "trades_revision_update" AFTER UPDATE ON "trades" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_trade_revisions"();
--> statement-breakpoint
CREATE TRIGGER "trades_revision_delete" AFTER DELETE ON "trades" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_trade_revisions"();
--> statement-breakpoint
CREATE TRIGGER "trading_accounts_revision_insert" AFTER INSERT ON "trading_accounts" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_trade_revisions"();
--> statement-breakpoint
CREATE TRIGGER "trading_accounts_revision_update" AFTER UPDATE ON "trading_accounts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_trade_revisions"();
--> statement-breakpoint
CREATE TRIGGER "trading_accounts_revision_delete" AFTER DELETE ON "trading_accounts" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_trade_revisions"();
