CREATE TABLE "badges" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"icon" text,
	"criteria" text,
	"rule_type" text,
	"rule_threshold" integer,
	"rule_max_position" integer,
	"rule_level_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "badges_rule_check" CHECK (case "badges"."rule_type"
            when 'attendance_count' then coalesce("badges"."rule_threshold" >= 1, false)
            when 'competition_result' then coalesce("badges"."rule_max_position" between 1 and 8, false)
            when 'level_reached' then "badges"."rule_level_id" is not null
            else "badges"."rule_type" is null
          end)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"level_id" uuid,
	"badge_id" uuid,
	"competition_id" uuid,
	"description" text,
	"issued_on" date NOT NULL,
	"valid_until" date,
	"signed_by_name" text,
	"holder_name" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "certificates_kind_check" CHECK ("certificates"."kind" in ('level', 'course', 'competition', 'badge', 'other')),
	CONSTRAINT "certificates_status_check" CHECK ("certificates"."status" in ('valid', 'revoked')),
	CONSTRAINT "certificates_revocation_check" CHECK (("certificates"."status" = 'revoked') = ("certificates"."revoked_at" is not null and "certificates"."revoke_reason" is not null)),
	CONSTRAINT "certificates_validity_check" CHECK ("certificates"."valid_until" is null or "certificates"."valid_until" >= "certificates"."issued_on")
);
--> statement-breakpoint
CREATE TABLE "level_changes" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"previous_level_id" uuid,
	"achieved_on" date NOT NULL,
	"assessed_by" uuid,
	"notes" text,
	"override" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_changes_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer NOT NULL,
	"base_level" text NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_attended_classes" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "levels_base_level_check" CHECK ("levels"."base_level" in ('beginner', 'intermediate', 'advanced')),
	CONSTRAINT "levels_min_attended_check" CHECK ("levels"."min_attended_classes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_badges" (
	"school_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"badge_id" uuid NOT NULL,
	"awarded_on" date NOT NULL,
	"awarded_by" uuid,
	"source" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_badges_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "student_badges_source_check" CHECK ("student_badges"."source" in ('manual', 'rule'))
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "current_level_id" uuid;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_rule_level_fk" FOREIGN KEY ("school_id","rule_level_id") REFERENCES "public"."levels"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_level_fk" FOREIGN KEY ("school_id","level_id") REFERENCES "public"."levels"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_badge_fk" FOREIGN KEY ("school_id","badge_id") REFERENCES "public"."badges"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_competition_fk" FOREIGN KEY ("school_id","competition_id") REFERENCES "public"."competitions"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_changes" ADD CONSTRAINT "level_changes_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_changes" ADD CONSTRAINT "level_changes_assessed_by_users_id_fk" FOREIGN KEY ("assessed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_changes" ADD CONSTRAINT "level_changes_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_changes" ADD CONSTRAINT "level_changes_level_fk" FOREIGN KEY ("school_id","level_id") REFERENCES "public"."levels"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_changes" ADD CONSTRAINT "level_changes_previous_level_fk" FOREIGN KEY ("school_id","previous_level_id") REFERENCES "public"."levels"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_badges" ADD CONSTRAINT "student_badges_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_badges" ADD CONSTRAINT "student_badges_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_badges" ADD CONSTRAINT "student_badges_student_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_badges" ADD CONSTRAINT "student_badges_badge_fk" FOREIGN KEY ("school_id","badge_id") REFERENCES "public"."badges"("school_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badges_school_name_key" ON "badges" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_key" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_school_issued_idx" ON "certificates" USING btree ("school_id","issued_on");--> statement-breakpoint
CREATE INDEX "certificates_student_idx" ON "certificates" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE INDEX "level_changes_student_idx" ON "level_changes" USING btree ("school_id","student_id","achieved_on");--> statement-breakpoint
CREATE INDEX "level_changes_level_idx" ON "level_changes" USING btree ("school_id","level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "levels_school_name_key" ON "levels" USING btree ("school_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "levels_school_position_key" ON "levels" USING btree ("school_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "student_badges_student_badge_key" ON "student_badges" USING btree ("school_id","student_id","badge_id");--> statement-breakpoint
CREATE INDEX "student_badges_badge_idx" ON "student_badges" USING btree ("school_id","badge_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_current_level_fk" FOREIGN KEY ("school_id","current_level_id") REFERENCES "public"."levels"("school_id","id") ON DELETE restrict ON UPDATE no action;