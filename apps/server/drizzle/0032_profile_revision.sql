ALTER TABLE "trade_revisions" ADD COLUMN "profile_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A member's profile revision: /api/me (asked on every page load) is kept per member and the
-- revisions it is built from (modules/members/profile.ts), read with the token. It moves in the
-- transaction of every write to the member's user row (details, status, sign-in time), their
-- subscription and their roles, whoever writes (the API on any instance, the Stripe webhook,
-- staff screens, jobs). Like bump_journal_revisions (0006): one bump per member per statement.
CREATE FUNCTION "bump_profile_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
			SELECT DISTINCT "user_id", 0, 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
			SELECT "user_id", 0, 1 FROM "old_rows" UNION SELECT "user_id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_profile_revision_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_profile_revision_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_profile_revision_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_profile_revision_insert" AFTER INSERT ON "user_roles" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_profile_revision_update" AFTER UPDATE ON "user_roles" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_profile_revision_delete" AFTER DELETE ON "user_roles" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions"();
--> statement-breakpoint
-- The user row itself: its key is "id".
CREATE FUNCTION "bump_profile_revisions_of_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
			SELECT "id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
			SELECT "id", 0, 1 FROM "old_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	ELSE
		INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
			SELECT "id", 0, 1 FROM "old_rows" UNION SELECT "id", 0, 1 FROM "new_rows"
			ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_profile_revision_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions_of_users"();
--> statement-breakpoint
CREATE TRIGGER "users_profile_revision_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions_of_users"();
--> statement-breakpoint
CREATE TRIGGER "users_profile_revision_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions_of_users"();
--> statement-breakpoint
-- A role's label or permissions: every holder's profile lists them. Rows of user_roles go with a
-- deleted role (cascade) and bump through their own trigger.
CREATE FUNCTION "bump_profile_revisions_of_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "trade_revisions" ("user_id", "revision", "profile_revision")
		SELECT DISTINCT ur."user_id", 0, 1 FROM "user_roles" ur WHERE ur."role_name" IN (SELECT "name" FROM "new_rows")
		ON CONFLICT ("user_id") DO UPDATE SET "profile_revision" = "trade_revisions"."profile_revision" + 1;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "roles_profile_revision_update" AFTER UPDATE ON "roles" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_profile_revisions_of_roles"();
