import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { orderTotal } from '../../../contracts/money.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import type { OrderStatus } from '../../../contracts/constants.ts';
import { OrderBadges } from './order-status-badge.tsx';

export interface UserOrderData {
  id: string;
  number: number;
  /** ISO date, for the <time> element. */
  createdAt: string;
  /** The date as the shop prints it, formatted once on the server. */
  date: string;
  /** The items, without shipping. */
  totalOrderPrice: number;
  /** The shipping price the order was placed with. */
  shippingPrice: number;
  /** Pounds taken off the items by a discount code. */
  discount: number;
  pieces: number;
  isPaid: boolean;
  status: OrderStatus;
}

/** One of a customer's orders on their details page; the whole row opens the order. */
export function UserOrderRow({ order }: { order: UserOrderData }) {
  return (
    <article className="relative flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-4 focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md">
      <div className="min-w-0">
        <h3 className="text-lg font-bold">
          <Link
            to={`/admin/order-details/${order.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-brand-700 hover:underline"
          >
            طلب رقم <Ltr>#{order.number}</Ltr>
          </Link>
        </h3>
        <p className="text-sm text-muted">
          <time dateTime={order.createdAt}>{order.date}</time> · عدد القطع: <Ltr>{order.pieces}</Ltr>
        </p>
      </div>
      <OrderBadges status={order.status} isPaid={order.isPaid} />
      <p className="flex w-full items-center justify-between gap-2 border-t border-line pt-3">
        <span className="text-muted">الإجمالي شامل الشحن</span>
        <span className="flex items-center gap-1">
          <Price value={orderTotal(order.totalOrderPrice, order.shippingPrice, order.discount)} className="font-bold text-brand-700" />
          <ChevronLeft aria-hidden="true" className="size-5 text-brand-600" />
        </span>
      </p>
    </article>
  );
}
