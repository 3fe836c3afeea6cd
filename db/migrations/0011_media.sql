CREATE TABLE "school_horse_media" (
	"school_id" uuid NOT NULL,
	"horse_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "school_horse_media_school_id_media_id_pk" PRIMARY KEY("school_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"store" text NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"caption" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_organization_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "media_content_type_check" CHECK ("media"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
	CONSTRAINT "media_store_check" CHECK ("media"."store" in ('database', 's3')),
	CONSTRAINT "media_size_check" CHECK ("media"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "media_blobs" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_horse_media" ADD CONSTRAINT "school_horse_media_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_horse_media" ADD CONSTRAINT "school_horse_media_horse_fk" FOREIGN KEY ("school_id","horse_id") REFERENCES "public"."horses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_horse_media" ADD CONSTRAINT "school_horse_media_media_fk" FOREIGN KEY ("school_id","media_id") REFERENCES "public"."media"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_blobs" ADD CONSTRAINT "media_blobs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_horse_media_horse_idx" ON "school_horse_media" USING btree ("school_id","horse_id");--> statement-breakpoint
CREATE INDEX "media_organization_created_idx" ON "media" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- JPEG, PNG, WebP and PDF bytes are already compressed: kept out of line without a second try.
ALTER TABLE "media_blobs" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;