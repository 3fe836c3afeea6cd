CREATE TABLE "stud_expense_media" (
	"stud_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	CONSTRAINT "stud_expense_media_stud_id_media_id_pk" PRIMARY KEY("stud_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "stud_expenses" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"supplier" text,
	"description" text,
	"horse_id" uuid,
	"payment_method" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_expenses_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_expenses_category_check" CHECK ("stud_expenses"."category" in ('feed', 'bedding', 'veterinary', 'farrier', 'semen_processing', 'transport', 'staff', 'facilities', 'insurance', 'marketing', 'other')),
	CONSTRAINT "stud_expenses_method_check" CHECK ("stud_expenses"."payment_method" in ('cash', 'transfer', 'card', 'mobile_wallet', 'other')),
	CONSTRAINT "stud_expenses_amount_check" CHECK ("stud_expenses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stud_income" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"description" text,
	"client_id" uuid,
	"horse_id" uuid,
	"payment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_income_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_income_category_check" CHECK ("stud_income"."category" in ('stud_fees', 'semen', 'boarding', 'horse_sales', 'prize_money', 'other')),
	CONSTRAINT "stud_income_amount_check" CHECK ("stud_income"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stud_payments" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"receivable_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"receipt_number" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'recorded' NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_payments_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_payments_amount_check" CHECK ("stud_payments"."amount" > 0),
	CONSTRAINT "stud_payments_method_check" CHECK ("stud_payments"."payment_method" in ('cash', 'transfer', 'card', 'mobile_wallet', 'other')),
	CONSTRAINT "stud_payments_status_check" CHECK ("stud_payments"."status" in ('recorded', 'voided')),
	CONSTRAINT "stud_payments_void_check" CHECK (("stud_payments"."status" = 'voided') = ("stud_payments"."voided_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "stud_receivables" (
	"stud_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"reservation_id" uuid,
	"shipment_id" uuid,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stud_receivables_stud_id_id_pk" PRIMARY KEY("stud_id","id"),
	CONSTRAINT "stud_receivables_kind_check" CHECK ("stud_receivables"."kind" in ('booking_fee', 'stud_fee_balance', 'extra_doses', 'shipping', 'boarding', 'veterinary', 'horse_sale', 'other')),
	CONSTRAINT "stud_receivables_status_check" CHECK ("stud_receivables"."status" in ('pending', 'partially_paid', 'paid', 'cancelled')),
	CONSTRAINT "stud_receivables_source_check" CHECK ("stud_receivables"."source" in ('auto', 'manual')),
	CONSTRAINT "stud_receivables_shipment_check" CHECK ("stud_receivables"."shipment_id" is null or "stud_receivables"."kind" in ('extra_doses', 'shipping')),
	CONSTRAINT "stud_receivables_paid_check" CHECK ("stud_receivables"."amount" > 0 and "stud_receivables"."paid_amount" between 0 and "stud_receivables"."amount" and case "stud_receivables"."status"
          when 'paid' then "stud_receivables"."paid_amount" = "stud_receivables"."amount"
          when 'partially_paid' then "stud_receivables"."paid_amount" > 0 and "stud_receivables"."paid_amount" < "stud_receivables"."amount"
          else "stud_receivables"."paid_amount" = 0 end)
);
--> statement-breakpoint
ALTER TABLE "stud_expense_media" ADD CONSTRAINT "stud_expense_media_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_expense_media" ADD CONSTRAINT "stud_expense_media_expense_fk" FOREIGN KEY ("stud_id","expense_id") REFERENCES "public"."stud_expenses"("stud_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_expense_media" ADD CONSTRAINT "stud_expense_media_media_fk" FOREIGN KEY ("stud_id","media_id") REFERENCES "public"."media"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_expenses" ADD CONSTRAINT "stud_expenses_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_expenses" ADD CONSTRAINT "stud_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_expenses" ADD CONSTRAINT "stud_expenses_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_income" ADD CONSTRAINT "stud_income_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_income" ADD CONSTRAINT "stud_income_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_income" ADD CONSTRAINT "stud_income_client_fk" FOREIGN KEY ("stud_id","client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_income" ADD CONSTRAINT "stud_income_horse_fk" FOREIGN KEY ("stud_id","horse_id") REFERENCES "public"."stud_horses"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_income" ADD CONSTRAINT "stud_income_payment_fk" FOREIGN KEY ("stud_id","payment_id") REFERENCES "public"."stud_payments"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_payments" ADD CONSTRAINT "stud_payments_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_payments" ADD CONSTRAINT "stud_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_payments" ADD CONSTRAINT "stud_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_payments" ADD CONSTRAINT "stud_payments_receivable_fk" FOREIGN KEY ("stud_id","receivable_id") REFERENCES "public"."stud_receivables"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_receivables" ADD CONSTRAINT "stud_receivables_stud_id_organizations_id_fk" FOREIGN KEY ("stud_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_receivables" ADD CONSTRAINT "stud_receivables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_receivables" ADD CONSTRAINT "stud_receivables_client_fk" FOREIGN KEY ("stud_id","client_id") REFERENCES "public"."stud_clients"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_receivables" ADD CONSTRAINT "stud_receivables_reservation_fk" FOREIGN KEY ("stud_id","reservation_id") REFERENCES "public"."stud_reservations"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stud_receivables" ADD CONSTRAINT "stud_receivables_shipment_fk" FOREIGN KEY ("stud_id","shipment_id") REFERENCES "public"."semen_shipments"("stud_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stud_expense_media_expense_idx" ON "stud_expense_media" USING btree ("stud_id","expense_id");--> statement-breakpoint
CREATE INDEX "stud_expenses_date_idx" ON "stud_expenses" USING btree ("stud_id","date","category","amount");--> statement-breakpoint
CREATE INDEX "stud_expenses_horse_idx" ON "stud_expenses" USING btree ("stud_id","horse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_income_payment_key" ON "stud_income" USING btree ("stud_id","payment_id") WHERE "stud_income"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "stud_income_date_idx" ON "stud_income" USING btree ("stud_id","date","category","amount");--> statement-breakpoint
CREATE INDEX "stud_income_client_idx" ON "stud_income" USING btree ("stud_id","client_id");--> statement-breakpoint
CREATE INDEX "stud_income_horse_idx" ON "stud_income" USING btree ("stud_id","horse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_payments_receipt_number_key" ON "stud_payments" USING btree ("stud_id","receipt_number");--> statement-breakpoint
CREATE INDEX "stud_payments_receivable_idx" ON "stud_payments" USING btree ("stud_id","receivable_id");--> statement-breakpoint
CREATE INDEX "stud_payments_paid_date_idx" ON "stud_payments" USING btree ("stud_id","paid_date");--> statement-breakpoint
CREATE UNIQUE INDEX "stud_receivables_reservation_key" ON "stud_receivables" USING btree ("stud_id","reservation_id","kind") WHERE "stud_receivables"."source" = 'auto' and "stud_receivables"."kind" in ('booking_fee', 'stud_fee_balance');--> statement-breakpoint
CREATE UNIQUE INDEX "stud_receivables_shipment_key" ON "stud_receivables" USING btree ("stud_id","shipment_id","kind") WHERE "stud_receivables"."source" = 'auto' and "stud_receivables"."shipment_id" is not null;--> statement-breakpoint
CREATE INDEX "stud_receivables_open_idx" ON "stud_receivables" USING btree ("stud_id","due_date","client_id","amount","paid_amount") WHERE "stud_receivables"."status" in ('pending', 'partially_paid');--> statement-breakpoint
CREATE INDEX "stud_receivables_client_idx" ON "stud_receivables" USING btree ("stud_id","client_id","due_date");--> statement-breakpoint
CREATE INDEX "stud_receivables_due_idx" ON "stud_receivables" USING btree ("stud_id","due_date");--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_expense_fk" FOREIGN KEY ("stud_id","expense_id") REFERENCES "public"."stud_expenses"("stud_id","id") ON DELETE SET NULL ("expense_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medical_records_expense_key" ON "medical_records" USING btree ("stud_id","expense_id") WHERE "medical_records"."expense_id" is not null;