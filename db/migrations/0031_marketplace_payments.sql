CREATE TABLE "commission_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"period" date NOT NULL,
	"sub_orders" integer NOT NULL,
	"sales_total" numeric(12, 2) NOT NULL,
	"commission_total" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_statements_seller_period_key" UNIQUE("seller_profile_id","period"),
	CONSTRAINT "commission_statements_period_check" CHECK (extract(day from "commission_statements"."period") = 1),
	CONSTRAINT "commission_statements_amounts_check" CHECK ("commission_statements"."sub_orders" > 0 and "commission_statements"."sales_total" >= 0 and "commission_statements"."commission_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_provider_event_id_key" UNIQUE("provider","event_id"),
	CONSTRAINT "gateway_events_provider_check" CHECK ("gateway_events"."provider" in ('manual', 'stripe', 'mercadopago')),
	CONSTRAINT "gateway_events_outcome_check" CHECK ("gateway_events"."outcome" in ('applied', 'ignored', 'held', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_order_id" uuid NOT NULL,
	"seller_profile_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"transfer_reference" text NOT NULL,
	"reversal_reference" text,
	"paid_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_sub_order_id_unique" UNIQUE("sub_order_id"),
	CONSTRAINT "payouts_provider_check" CHECK ("payouts"."provider" in ('manual', 'stripe', 'mercadopago')),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('paid', 'reversed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD COLUMN "gateway_account_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_hold" text;--> statement-breakpoint
ALTER TABLE "sub_orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_profile_id_seller_profiles_id_fk" FOREIGN KEY ("seller_profile_id") REFERENCES "public"."seller_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_events_order_idx" ON "gateway_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_profile_id","paid_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "seller_profiles_gateway_account_key" ON "seller_profiles" USING btree ("gateway_account_id");