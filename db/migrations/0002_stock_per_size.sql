CREATE TABLE "order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_product_id_size_pk" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_stock_quantity_check" CHECK ("product_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"reason" text NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('order', 'cancelled', 'refused', 'admin', 'payment_expired'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_idx" ON "stock_movements" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refused'));--> statement-breakpoint
-- Existing products: their one quantity spread over their sizes as evenly as whole pieces allow,
-- first sizes first (API.md "Stock per size"); the product's quantity stays the sum.
INSERT INTO "product_stock" ("product_id", "size", "quantity")
SELECT p."id", s."size",
       p."quantity" / cardinality(p."available_sizes")
       + CASE WHEN s."position" <= p."quantity" % cardinality(p."available_sizes") THEN 1 ELSE 0 END
FROM "products" p
CROSS JOIN LATERAL unnest(p."available_sizes") WITH ORDINALITY AS s("size", "position")
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "products" p SET "quantity" = coalesce((SELECT sum(ps."quantity") FROM "product_stock" ps WHERE ps."product_id" = p."id"), 0);--> statement-breakpoint
-- Existing orders: delivered ones are delivered, the rest wait to be confirmed; the history
-- starts with the placing customer and, where known, the delivery (by an unrecorded admin).
UPDATE "orders" SET "status" = 'delivered' WHERE "is_delivered";--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "status", "user_id", "created_at")
SELECT "id", 'pending', "user_id", "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "status", "user_id", "created_at")
SELECT "id", 'delivered', NULL, coalesce("delivered_at", "updated_at") FROM "orders" WHERE "is_delivered";
