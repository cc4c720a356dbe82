import { AlertTriangle, Banknote, CalendarDays, PackageX, ShoppingBag, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD, MSG } from '../../../contracts/index.ts';
import { getDashboard } from '../../../core/dashboard.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { SalesChart } from '../../components/admin/sales-chart.tsx';
import { StatCard } from '../../components/admin/stat-card.tsx';
import { OrderStatusBadges } from '../../components/account/order-card.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { formatDate, Ltr, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/overview';

export const meta = () => adminMeta('نظرة عامة');

const dayLabel = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const dashboard = await getDashboard(context.db);
  return {
    adminName: admin.name,
    ...dashboard,
    // Chart days are calendar dates already in Cairo time: print them as they are.
    sales: dashboard.sales.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)) })),
    stockAlerts: dashboard.stockAlerts.map((p) => ({ ...p, thumb: productImage(p.imageCover).thumb })),
    latestOrders: dashboard.latestOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), date: formatDate(o.createdAt) })),
  };
}

function Panel({ title, link, children }: { title: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-line bg-white p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        {link && (
          <Link to={link.to} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export default function OverviewPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <AdminHeader title="نظرة عامة" subtitle={`أهلاً ${d.adminName}، هذا ما يحدث في المتجر.`} />
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-3">
        <StatCard icon={ShoppingBag} label="طلبات اليوم" value={<Ltr>{d.ordersToday}</Ltr>} to="/admin/manage-orders" />
        <StatCard icon={CalendarDays} label="طلبات هذا الأسبوع" value={<Ltr>{d.ordersThisWeek}</Ltr>} hint="منذ يوم السبت" />
        <StatCard
          icon={Banknote}
          label="الإيرادات (تم الشحن والدفع)"
          value={<Price value={d.revenue.total} />}
          hint={
            <>
              من <Ltr>{d.revenue.orders}</Ltr> طلب، شاملة الشحن
            </>
          }
        />
        <StatCard icon={Truck} label="طلبات بانتظار الشحن" value={<Ltr>{d.awaitingDelivery}</Ltr>} to="/admin/manage-orders" tone={d.awaitingDelivery ? 'warn' : 'brand'} />
        <StatCard icon={PackageX} label="منتجات نفدت" value={<Ltr>{d.soldOutCount}</Ltr>} hint="نفدت كميتها أو أوقفت" tone={d.soldOutCount ? 'warn' : 'brand'} />
        <StatCard
          icon={AlertTriangle}
          label="منتجات قاربت على النفاد"
          value={<Ltr>{d.lowStockCount}</Ltr>}
          hint={
            <>
              <Ltr>{LOW_STOCK_THRESHOLD}</Ltr> قطع أو أقل
            </>
          }
          tone={d.lowStockCount ? 'warn' : 'brand'}
        />
      </div>

      <div className="mt-4">
        <SalesChart days={d.sales} />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Panel title="أحدث الطلبات" link={{ to: '/admin/manage-orders', label: 'كل الطلبات' }}>
          {d.latestOrders.length === 0 ? (
            <p className="py-6 text-center text-muted">لم يتم إستقبال طلبات حتى الأن</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {d.latestOrders.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <Link to={`/admin/order-details/${o.id}`} className="font-bold text-brand-700 underline">
                      طلب رقم <Ltr>#{o.number}</Ltr>
                    </Link>
                    <p className="text-sm text-muted">
                      {o.customerName} · {o.city} · <time dateTime={o.createdAt}>{o.date}</time>
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <Price value={o.total} className="font-bold" />
                    <OrderStatusBadges isPaid={o.isPaid} isDelivered={o.isDelivered} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="يحتاج إلى إعادة تخزين" link={{ to: '/admin/manage-products', label: 'كل المنتجات' }}>
          {d.stockAlerts.length === 0 ? (
            <p className="py-6 text-center text-muted">كل المنتجات متوفرة بكميات كافية</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {d.stockAlerts.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/edit-product/${p.id}`} className="flex items-center gap-3 py-2 hover:bg-surface">
                    <img src={p.thumb} alt="" width={45} height={60} loading="lazy" className="h-15 w-11 shrink-0 rounded object-cover" />
                    <span className="min-w-0 flex-1 truncate font-semibold">{p.title}</span>
                    {p.quantity === 0 || !p.available ? (
                      <span className="shrink-0 rounded-full bg-sale/10 px-3 py-1 text-sm font-semibold text-sale">{p.available ? MSG.soldOut : 'متوقف'}</span>
                    ) : (
                      <span className="shrink-0 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
                        متبقي <Ltr>{p.quantity}</Ltr>
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
