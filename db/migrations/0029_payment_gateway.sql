CREATE TABLE "payment_gateway_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"iv" text NOT NULL,
	"auth_tag" text NOT NULL,
	"ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_secrets_name_check" CHECK ("payment_gateway_secrets"."name" in ('secret_key', 'webhook_secret'))
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"publishable_key" text,
	"payout_delay_days" integer DEFAULT 7 NOT NULL,
	"tested_fingerprint" text,
	"tested_ok" boolean,
	"tested_live" boolean,
	"test_message" text,
	"tested_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_settings_singleton_check" CHECK ("payment_gateway_settings"."id"),
	CONSTRAINT "payment_gateway_settings_provider_check" CHECK ("payment_gateway_settings"."provider" in ('manual', 'stripe', 'mercadopago')),
	CONSTRAINT "payment_gateway_settings_mode_check" CHECK ("payment_gateway_settings"."mode" in ('test', 'live')),
	CONSTRAINT "payment_gateway_settings_payout_delay_days_check" CHECK ("payment_gateway_settings"."payout_delay_days" between 0 and 90)
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_settings" ADD CONSTRAINT "payment_gateway_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;