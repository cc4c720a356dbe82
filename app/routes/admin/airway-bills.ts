/**
 * The airway bills of the orders chosen on the orders list, one PDF from the courier
 * (`?orderId=…&orderId=…`, the list's print button). Refused, it answers a short Arabic page.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../contracts/constants.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { shipmentLabels } from '../../../core/couriers/shipments.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/airway-bills';

const NO_ORDER_CHOSEN = 'اختر طلباً واحداً على الأقل له رقم شحنة';

const OrderIdsSchema = z.array(IdSchema).min(1).max(MAX_PAGE_SIZE);

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function refusal(status: number, message: string) {
  const page = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>بوالص الشحن</title></head><body style="font-family:sans-serif;padding:1rem"><p role="alert">${escapeHtml(message)}</p><p><a href="/admin/manage-orders">العودة إلى الطلبات</a></p></body></html>`;
  return new Response(page, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = OrderIdsSchema.safeParse([...new Set(new URL(request.url).searchParams.getAll('orderId'))]);
  if (!parsed.success) return refusal(400, NO_ORDER_CHOSEN);
  let pdf: Buffer;
  try {
    pdf = await shipmentLabels(context.db, context.couriers, parsed.data);
  } catch (error) {
    if (error instanceof AppError && error.status !== 500) return refusal(error.status, error.message);
    throw error;
  }
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="airway-bills.pdf"', 'Cache-Control': 'no-store' },
  });
}
