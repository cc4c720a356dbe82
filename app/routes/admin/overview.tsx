import { AlertTriangle, Banknote, CalendarDays, ClipboardCheck, HandCoins, PackageX, ShoppingBag, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { LOW_STOCK_THRESHOLD, sizeName } from '../../../contracts/constants.ts';
import { getDashboard, type StockAlert } from '../../../core/orders/dashboard.ts';
import { cashHeldByCouriers } from '../../../core/couriers/shipments.ts';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { OrderBadges } from '../../components/admin/order-status-badge.tsx';
import { SalesChart } from '../../components/admin/sales-chart.tsx';
import { StatCard } from '../../components/admin/stat-card.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { formatDate, Ltr, Price } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import type { Route } from './+types/overview';

export const meta = () => adminMeta('نظرة عامة');

const dayLabel = new Intl.DateTimeFormat('ar-EG-u-nu-latn', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The alerts gathered under their product, in the order of the product's most urgent size. */
function byProduct(alerts: StockAlert[], imagesUrl: string) {
  const products = new Map<string, { id: string; title: string; thumb: string; sizes: Pick<StockAlert, 'colorName' | 'size' | 'quantity'>[] }>();
  for (const alert of alerts) {
    const product = products.get(alert.productId) ?? { id: alert.productId, title: alert.title, thumb: productImage(alert.imageCover, imagesUrl).thumb, sizes: [] };
    product.sizes.push({ colorName: alert.colorName, size: alert.size, quantity: alert.quantity });
    products.set(alert.productId, product);
  }
  return [...products.values()];
}

/** "2 قطع متبقية" with the number agreeing as Arabic counts pieces: one, two, three to ten, eleven and more. */
function PiecesLeft({ count }: { count: number }) {
  if (count === 1) return <>قطعة واحدة متبقية</>;
  if (count === 2) return <>قطعتان متبقيتان</>;
  return (
    <>
      <bdi dir="ltr">{count}</bdi> {count <= 10 ? 'قطع متبقية' : 'قطعة متبقية'}
    </>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const [dashboard, cashHeld] = await Promise.all([getDashboard(context.db), cashHeldByCouriers(context.db)]);
  return {
    adminName: admin.name,
    ...dashboard,
    // Shown while the shop ships with a courier, and after, while the courier still holds its cash.
    cashHeld: context.couriers || cashHeld.amount > 0 ? cashHeld : null,
    // Chart days are calendar dates already in Cairo time: print them as they are.
    sales: dashboard.sales.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)) })),
    stockAlerts: byProduct(dashboard.stockAlerts, context.imagesUrl),
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
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard icon={ShoppingBag} label="طلبات اليوم" value={<Ltr>{d.ordersToday}</Ltr>} to="/admin/manage-orders" />
        <StatCard icon={CalendarDays} label="طلبات هذا الأسبوع" value={<Ltr>{d.ordersThisWeek}</Ltr>} hint="منذ يوم السبت" />
        <StatCard
          icon={Banknote}
          label="الإيرادات المحصّلة"
          className="col-span-2"
          value={<Price value={d.revenue.total} />}
          hint={
            <>
              من <Ltr>{d.revenue.orders}</Ltr> طلب، شاملة الشحن: النقدي بعد التوصيل والدفع، والإلكتروني عند الدفع
              {d.revenue.refunded > 0 && (
                <>
                  ، بعد خصم <Price value={d.revenue.refunded} /> رُدت للمرتجعات
                </>
              )}
            </>
          }
        />
        <StatCard
          icon={ClipboardCheck}
          label="طلبات بانتظار التأكيد"
          value={<Ltr>{d.awaitingConfirmation}</Ltr>}
          to="/admin/manage-orders?status=pending"
          tone={d.awaitingConfirmation ? 'warn' : 'brand'}
        />
        <StatCard
          icon={Truck}
          label="طلبات بانتظار الشحن"
          value={<Ltr>{d.awaitingShipping}</Ltr>}
          hint="تم تأكيدها"
          to="/admin/manage-orders?status=confirmed"
          tone={d.awaitingShipping ? 'warn' : 'brand'}
        />
        <StatCard icon={PackageX} label="مقاسات نفدت" value={<Ltr>{d.soldOutCount}</Ltr>} hint="من المنتجات المعروضة للبيع" tone={d.soldOutCount ? 'warn' : 'brand'} />
        <StatCard
          icon={AlertTriangle}
          label="مقاسات قاربت على النفاد"
          value={<Ltr>{d.lowStockCount}</Ltr>}
          hint={
            <>
              <Ltr>{LOW_STOCK_THRESHOLD}</Ltr> قطع أو أقل
            </>
          }
          tone={d.lowStockCount ? 'warn' : 'brand'}
        />
        {d.cashHeld && (
          <StatCard
            icon={HandCoins}
            label="مبالغ لدى شركة الشحن"
            className="col-span-2"
            value={<Price value={d.cashHeld.amount} />}
            hint={
              <>
                حصّلتها من <Ltr>{d.cashHeld.orders}</Ltr> طلب ولم تحوّلها للمتجر بعد
              </>
            }
            to="/admin/manage-orders?status=delivered"
            tone={d.cashHeld.amount > 0 ? 'warn' : 'brand'}
          />
        )}
      </div>

      <div className="mt-4">
        <SalesChart days={d.sales} />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Panel title="أحدث الطلبات" link={{ to: '/admin/manage-orders', label: 'كل الطلبات' }}>
          {d.latestOrders.length === 0 ? (
            <p className="py-6 text-center text-muted">لم يتم استقبال طلبات حتى الآن</p>
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
                    <OrderBadges status={o.status} isPaid={o.isPaid} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="يحتاج إلى إعادة تخزين" link={{ to: '/admin/manage-products', label: 'كل المنتجات' }}>
          {d.stockAlerts.length === 0 ? (
            <p className="py-6 text-center text-muted">كل المقاسات متوفرة بكميات كافية</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {d.stockAlerts.map((p) => (
                <li key={p.id} className="flex items-start gap-3 py-2">
                  <img src={p.thumb} alt="" width={45} height={60} loading="lazy" className="h-15 w-11 shrink-0 rounded object-cover" />
                  <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                    <Link to={`/admin/edit-product/${p.id}`} className="line-clamp-2 font-semibold text-brand-700 underline-offset-4 hover:underline">
                      {p.title}
                    </Link>
                    <ul aria-label={`المقاسات: ${p.title}`} className="flex flex-wrap gap-1.5">
                      {p.sizes.map(({ colorName, size, quantity }) => (
                        <li
                          key={`${colorName ?? ''}\u0000${size}`}
                          className={`rounded-full px-3 py-0.5 text-sm font-semibold ${quantity === 0 ? 'bg-red-50 text-red-800' : 'bg-amber-100 text-amber-900'}`}
                        >
                          {quantity === 0 ? (
                            <>
                              {colorName && <><bdi>{colorName}</bdi> · </>}مقاس <bdi dir="ltr">{sizeName(size)}</bdi> نفد
                            </>
                          ) : (
                            <>
                              {colorName && <><bdi>{colorName}</bdi> · </>}مقاس <bdi dir="ltr">{sizeName(size)}</bdi>: <PiecesLeft count={quantity} />
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
