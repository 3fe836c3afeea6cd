-- A contract's template, a reservation's contract and a service's template are cleared with ON DELETE SET NULL
-- (column), which keeps stud_id (drizzle-kit writes the whole key; edited by hand, as in 0018).
CREATE TABLE "contract_events" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"signer_id" uuid,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"prev_hash" text,
	"hash" text NOT NULL,
	CONSTRAINT "contract_events_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "contract_events_type_check" CHECK ("contract_events"."type" in ('created', 'sent', 'viewed', 'consented', 'signed', 'declined', 'reminded', 'voided', 'expired', 'completed')),
	CONSTRAINT "contract_events_seq_check" CHECK ("contract_events"."seq" >= 1)
);
--> statement-breakpoint
CREATE TABLE "contract_signers" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"position" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"download_token_hash" text,
	"signed_name" text,
	"signature_image" text,
	"user_id" uuid,
	"viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_signers_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "contract_signers_role_check" CHECK ("contract_signers"."role" in ('client', 'stud')),
	CONSTRAINT "contract_signers_status_check" CHECK ("contract_signers"."status" in ('pending', 'viewed', 'signed', 'declined')),
	CONSTRAINT "contract_signers_position_check" CHECK ("contract_signers"."position" between 1 and 4),
	CONSTRAINT "contract_signers_signed_check" CHECK (("contract_signers"."status" = 'signed') = ("contract_signers"."signed_name" is not null and "contract_signers"."signed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_templates_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "contract_templates_kind_check" CHECK ("contract_templates"."kind" in ('breeding', 'boarding', 'sale', 'other'))
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"client_id" uuid,
	"reservation_id" uuid,
	"template_id" uuid,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"expires_at" timestamp with time zone,
	"document_markdown" text,
	"document_html" text,
	"document_sha256" text,
	"signed_pdf_id" uuid,
	"signed_pdf_sha256" text,
	"void_reason" text,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "contracts_kind_check" CHECK ("contracts"."kind" in ('breeding', 'boarding', 'sale', 'other')),
	CONSTRAINT "contracts_status_check" CHECK ("contracts"."status" in ('draft', 'sent', 'partially_signed', 'signed', 'declined', 'expired', 'voided')),
	CONSTRAINT "contracts_document_check" CHECK (("contracts"."status" <> 'draft' or "contracts"."document_sha256" is null)
          and ("contracts"."status" in ('draft', 'voided') or "contracts"."document_sha256" is not null)
          and ("contracts"."document_sha256" is null) = ("contracts"."document_html" is null))
);
--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_fk" FOREIGN KEY ("stud_id","contract_id") REFERENCES "public"."contracts"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_signer_fk" FOREIGN KEY ("stud_id","signer_id") REFERENCES "public"."contract_signers"("stud_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signers" ADD CONSTRAINT "contract_signers_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signers" ADD CONSTRAINT "contract_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signers" ADD CONSTRAINT "contract_signers_contract_fk" FOREIGN KEY ("stud_id","contract_id") REFERENCES "public"."contracts"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_fk" FOREIGN KEY ("stud_id","client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_reservation_fk" FOREIGN KEY ("stud_id","reservation_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_template_fk" FOREIGN KEY ("stud_id","template_id") REFERENCES "public"."contract_templates"("stud_id","id") ON DELETE SET NULL ("template_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signed_pdf_fk" FOREIGN KEY ("stud_id","signed_pdf_id") REFERENCES "public"."media"("organization_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_events_seq_key" ON "contract_events" USING btree ("stud_id","contract_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signers_position_key" ON "contract_signers" USING btree ("stud_id","contract_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signers_email_key" ON "contract_signers" USING btree ("stud_id","contract_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signers_token_key" ON "contract_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signers_download_token_key" ON "contract_signers" USING btree ("download_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_name_key" ON "contract_templates" USING btree ("stud_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_key" ON "contracts" USING btree ("stud_id","number");--> statement-breakpoint
CREATE INDEX "contracts_status_idx" ON "contracts" USING btree ("stud_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("stud_id","client_id");--> statement-breakpoint
CREATE INDEX "contracts_reservation_idx" ON "contracts" USING btree ("stud_id","reservation_id");--> statement-breakpoint
CREATE INDEX "contracts_expiry_idx" ON "contracts" USING btree ("expires_at") WHERE "contracts"."status" in ('sent', 'partially_signed');--> statement-breakpoint
ALTER TABLE "stud_reservations" ADD CONSTRAINT "stud_reservations_contract_fk" FOREIGN KEY ("stud_id","contract_id") REFERENCES "public"."contracts"("stud_id","id") ON DELETE SET NULL ("contract_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_services" ADD CONSTRAINT "stud_services_contract_template_fk" FOREIGN KEY ("stud_id","contract_template_id") REFERENCES "public"."contract_templates"("stud_id","id") ON DELETE SET NULL ("contract_template_id") ON UPDATE no action;