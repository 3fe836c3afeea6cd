CREATE TABLE "job_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_queue_status_check" CHECK ("job_queue"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "organization_counters" (
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "organization_counters_organization_id_name_year_pk" PRIMARY KEY("organization_id","name","year")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "organization_counters" ADD CONSTRAINT "organization_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_queue_due_idx" ON "job_queue" USING btree ("run_at") WHERE "job_queue"."status" = 'queued';