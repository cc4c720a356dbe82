CREATE TABLE "product_colors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "product_colors_position_key" UNIQUE("product_id","position"),
	CONSTRAINT "product_colors_product_id_key" UNIQUE("product_id","id"),
	CONSTRAINT "product_colors_hex_check" CHECK ("product_colors"."hex" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
DROP INDEX "cart_items_line_key";--> statement-breakpoint
ALTER TABLE "product_stock" DROP CONSTRAINT "product_stock_product_id_size_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "color_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color_name" text;--> statement-breakpoint
ALTER TABLE "product_stock" ADD COLUMN "color_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "color_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "color_name" text;--> statement-breakpoint
ALTER TABLE "product_colors" ADD CONSTRAINT "product_colors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_colors_name_key" ON "product_colors" USING btree ("product_id",lower("name"));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_color_fk" FOREIGN KEY ("product_id","color_id") REFERENCES "public"."product_colors"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_color_fk" FOREIGN KEY ("product_id","color_id") REFERENCES "public"."product_colors"("product_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_key" UNIQUE NULLS NOT DISTINCT("cart_id","product_id","color_id","size");--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_pair_key" UNIQUE NULLS NOT DISTINCT("product_id","color_id","size");