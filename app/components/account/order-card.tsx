import { CircleCheck, Clock, PackageCheck, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { SHIPPING_FEE } from '../../../contracts/constants.ts';
import { Ltr, orderTotal, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';

export interface OrderCardData {
  id: string;
  number: number;
  /** ISO date, for the <time> element. */
  createdAt: string;
  /** The date as the shop prints it, formatted once on the server. */
  date: string;
  city: string;
  totalOrderPrice: number;
  isPaid: boolean;
  isDelivered: boolean;
  lines: { productId: string; title: string; imageCover: string; size: string; count: number; price: number }[];
}

interface BadgeState {
  label: string;
  icon: typeof Truck;
  colours: string;
}

/** A status label; each state has its own colour and icon, so it never relies on colour alone. */
function Badge({ state }: { state: BadgeState }) {
  const Icon = state.icon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${state.colours}`}>
      <Icon aria-hidden="true" className="size-4" />
      {state.label}
    </span>
  );
}

/** The paid and delivered labels of an order, side by side. */
export function OrderStatusBadges({ isPaid, isDelivered }: { isPaid: boolean; isDelivered: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge state={isPaid ? PAID : UNPAID} />
      <Badge state={isDelivered ? DELIVERED : NOT_DELIVERED} />
    </div>
  );
}

const PAID: BadgeState = { label: 'تم الدفع', icon: CircleCheck, colours: 'bg-green-100 text-green-800' };
const UNPAID: BadgeState = { label: 'لم يتم الدفع', icon: Clock, colours: 'bg-amber-100 text-amber-900' };
const DELIVERED: BadgeState = { label: 'تم الشحن', icon: PackageCheck, colours: 'bg-brand-100 text-brand-900' };
const NOT_DELIVERED: BadgeState = { label: 'لم يتم الشحن', icon: Truck, colours: 'border border-line bg-surface text-ink' };

/** One of the shopper's orders (SPEC.md §2 Profile): number, date, lines, statuses and the total with shipping. */
export function OrderCard({ order }: { order: OrderCardData }) {
  const headingId = `order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-line bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-line pb-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold">
            طلب رقم <Ltr>#{order.number}</Ltr>
          </h3>
          <p className="text-sm text-muted">
            <time dateTime={order.createdAt}>{order.date}</time> · الشحن إلى {order.city}
          </p>
        </div>
        <OrderStatusBadges isPaid={order.isPaid} isDelivered={order.isDelivered} />
      </header>
      <ul className="divide-y divide-line">
        {order.lines.map((line) => (
          <li key={`${line.productId}-${line.size}`} className="flex items-center gap-3 py-3">
            <img src={productImage(line.imageCover).thumb} width={48} height={64} alt={line.title} loading="lazy" className="h-16 w-12 shrink-0 rounded-md bg-surface object-cover" />
            <div className="min-w-0 flex-1">
              <Link to={`/product/${line.productId}`} className="line-clamp-2 font-semibold hover:text-brand-600 hover:underline">
                {line.title}
              </Link>
              <p className="text-sm text-muted">
                المقاس: <Ltr>{line.size}</Ltr> · الكمية: <Ltr>{line.count}</Ltr>
              </p>
            </div>
            <Price value={Math.ceil(line.price)} className="whitespace-nowrap shrink-0 font-semibold" />
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <span className="text-muted">
          الإجمالي شامل الشحن (<Price value={SHIPPING_FEE} className="whitespace-nowrap" />)
        </span>
        <Price value={orderTotal(order.totalOrderPrice)} className="whitespace-nowrap text-lg font-bold text-brand-700" />
      </p>
    </article>
  );
}
