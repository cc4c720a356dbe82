CREATE TABLE "courier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier" text NOT NULL,
	"event_key" text NOT NULL,
	"tracking_number" text NOT NULL,
	"state_code" text NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"tracking_number" text,
	"delivery_id" text,
	"state" text NOT NULL,
	"state_code" text,
	"allow_open_package" boolean DEFAULT false NOT NULL,
	"cod_amount" numeric(12, 2) NOT NULL,
	"cash_collected" numeric(12, 2),
	"paid_out_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_fees" (
	"governorate" text PRIMARY KEY NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_fees_fee_check" CHECK ("shipping_fees"."fee" >= 0 and "shipping_fees"."fee" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "shipping_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"free_shipping_from" numeric(12, 2),
	"cod_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rules_one_row" CHECK ("shipping_rules"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_district" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_key" ON "courier_events" USING btree ("courier","event_key");--> statement-breakpoint
CREATE INDEX "courier_events_tracking_idx" ON "courier_events" USING btree ("courier","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_key" ON "shipments" USING btree ("courier","tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_unpaid_cash_idx" ON "shipments" USING btree ("courier") WHERE "shipments"."cash_collected" is not null and "shipments"."paid_out_at" is null;