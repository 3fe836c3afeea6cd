CREATE TABLE "timetable_versions" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_timetables" (
	"school_id" uuid NOT NULL,
	"monday" date NOT NULL,
	"version" bigint NOT NULL,
	"days" text NOT NULL,
	CONSTRAINT "weekly_timetables_school_id_monday_pk" PRIMARY KEY("school_id","monday")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_name" text GENERATED ALWAYS AS (regexp_replace(normalize(lower(first_name || ' ' || last_name), NFD), '[\u0300-\u036f]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "weekly_timetables" ADD CONSTRAINT "weekly_timetables_school_id_organizations_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;