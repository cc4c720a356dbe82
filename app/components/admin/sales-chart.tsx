/**
 * The last 30 days of sales as bars, drawn with plain boxes so the page stays light and the
 * days run right to left like the text around them (today on the left). Screen readers get
 * the figures as a table.
 */
import { formatAmount, Price } from "../../lib/format.tsx";

export interface ChartDay {
  day: string;
  /** The day as printed under the chart, e.g. "18 نوفمبر". */
  label: string;
  orders: number;
  total: number;
}

export function SalesChart({ days }: { days: ChartDay[] }) {
  const highest = Math.max(...days.map((d) => d.total), 0);
  const total = days.reduce((sum, d) => sum + d.total, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const ticks = new Set([0, Math.floor(days.length / 2), days.length - 1]);

  return (
    <figure
      aria-labelledby="sales-chart-caption"
      className="rounded-xl border border-line bg-white p-4"
    >
      <figcaption
        id="sales-chart-caption"
        className="mb-3 flex flex-wrap items-baseline justify-between gap-2"
      >
        <span className="text-lg font-bold">مبيعات آخر {days.length} يوماً</span>
        <span className="text-sm text-muted">
          <Price value={total} /> من <bdi dir="ltr">{orders}</bdi> طلب
        </span>
      </figcaption>
      <div
        aria-hidden="true"
        className="flex h-40 items-end gap-px border-b border-line sm:gap-1"
      >
        {days.map((d) => (
          <div
            key={d.day}
            title={`${d.label}: ${formatAmount(d.total)} L.E · ${d.orders} طلب`}
            className="flex h-full flex-1 items-end"
          >
            <div
              className={`w-full rounded-t ${d.total > 0 ? "bg-brand-500" : "bg-line"}`}
              style={{
                height:
                  d.total > 0 && highest > 0
                    ? `${Math.max(4, (d.total / highest) * 100)}%`
                    : "2px",
              }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex text-xs text-muted">
        {days.map((d, i) => (
          <span key={d.day} className="flex-1 whitespace-nowrap text-center">
            {ticks.has(i) ? d.label : ""}
          </span>
        ))}
      </div>
      <details className="mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
          عرض الأرقام كجدول
        </summary>
        <table className="w-full text-start">
          <caption className="sr-only">
            المبيعات اليومية لآخر {days.length} يوماً
          </caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-1 text-start font-semibold">
                اليوم
              </th>
              <th scope="col" className="py-1 text-start font-semibold">
                الطلبات
              </th>
              <th scope="col" className="py-1 text-start font-semibold">
                المبيعات
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day} className="border-b border-line/60">
                <td className="py-1">{d.label}</td>
                <td className="py-1">
                  <bdi dir="ltr">{d.orders}</bdi>
                </td>
                <td className="py-1">
                  <Price value={d.total} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
