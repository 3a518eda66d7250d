CREATE TABLE "community_post_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"image" "bytea" NOT NULL,
	"thumbnail_type" text,
	"thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_post_images" ADD CONSTRAINT "community_post_images_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_images" ADD CONSTRAINT "community_post_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_post_images_post_position_idx" ON "community_post_images" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "community_post_images_user_idx" ON "community_post_images" USING btree ("user_id");