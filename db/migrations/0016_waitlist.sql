CREATE TABLE "waitlist_entries" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"registrant_name" text NOT NULL,
	"registrant_email" text NOT NULL,
	"registrant_phone" text,
	"relationship" text NOT NULL,
	"rider_first_name" text NOT NULL,
	"rider_last_name" text NOT NULL,
	"rider_birth_date" date,
	"rider_level" text,
	"class_id" uuid,
	"discipline" text,
	"level" text,
	"days_of_week" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"time_from" time,
	"time_to" time,
	"message" text,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"student_id" uuid,
	"staff_notes" text,
	"withdraw_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'contacted', 'offered', 'enrolled', 'withdrawn', 'declined')),
	CONSTRAINT "waitlist_entries_relationship_check" CHECK ("waitlist_entries"."relationship" in ('self', 'parent', 'other')),
	CONSTRAINT "waitlist_entries_days_check" CHECK ("waitlist_entries"."days_of_week" <@ array[0, 1, 2, 3, 4, 5, 6]::smallint[])
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "waitlist_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_class_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_reference_key" ON "waitlist_entries" USING btree ("school_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_withdraw_token_key" ON "waitlist_entries" USING btree ("withdraw_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_waiting_rider_key" ON "waitlist_entries" USING btree ("school_id",lower("registrant_email"),lower("rider_first_name"),lower("rider_last_name")) WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_school_status_idx" ON "waitlist_entries" USING btree ("school_id","status","created_at");