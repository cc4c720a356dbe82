CREATE TABLE "return_shipments" (
	"return_id" uuid PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"tracking_number" text,
	"delivery_id" text,
	"state" text NOT NULL,
	"state_code" text,
	"cod_amount" numeric(12, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_shipments_cod_check" CHECK ("return_shipments"."cod_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_shipments" ADD CONSTRAINT "return_shipments_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_shipments" ADD CONSTRAINT "return_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_shipments_tracking_key" ON "return_shipments" USING btree ("courier","tracking_number");