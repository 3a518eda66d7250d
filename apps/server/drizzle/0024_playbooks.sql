CREATE TABLE "playbooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD COLUMN "playbook_id" bigint;--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD COLUMN "rules_followed" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playbooks_user_name_key" ON "playbooks" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD CONSTRAINT "journal_trade_entries_playbook_id_playbooks_id_fk" FOREIGN KEY ("playbook_id") REFERENCES "public"."playbooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_trade_entries_user_playbook_idx" ON "journal_trade_entries" USING btree ("user_id","playbook_id");
--> statement-breakpoint
-- A renamed or edited playbook changes the report's playbook breakdown: same bump as the journal's (0006).
CREATE TRIGGER "playbooks_revision_insert" AFTER INSERT ON "playbooks" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "playbooks_revision_update" AFTER UPDATE ON "playbooks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
--> statement-breakpoint
CREATE TRIGGER "playbooks_revision_delete" AFTER DELETE ON "playbooks" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_journal_revisions"();
