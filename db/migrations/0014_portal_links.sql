CREATE TABLE "portal_links" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"email" text NOT NULL,
	"relationship" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"user_id" uuid,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_links_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "portal_links_relationship_check" CHECK ("portal_links"."relationship" in ('self', 'guardian')),
	CONSTRAINT "portal_links_status_check" CHECK ("portal_links"."status" in ('invited', 'active', 'revoked')),
	CONSTRAINT "portal_links_active_user_check" CHECK ("portal_links"."status" <> 'active' or "portal_links"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_links" ADD CONSTRAINT "portal_links_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_links_student_idx" ON "portal_links" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "portal_links_user_idx" ON "portal_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_links_student_email_key" ON "portal_links" USING btree ("school_id","student_id","email") WHERE "portal_links"."status" <> 'revoked';