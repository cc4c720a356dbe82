/**
 * The dashboard's returns (API.md "Additions: returns and exchanges"): the refunds the law wants
 * within 7 days of receipt, oldest first and marked when late; every return by status, newest
 * first; and the shop's return settings (the window and the return shipping fee).
 */
import { AlarmClock, Inbox } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { typedNumber } from '../../../contracts/schemas.ts';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, ReturnSettingsChangeSchema, type ReturnStatus } from '../../../contracts/returns.ts';
import { countReturnsByStatus, refundsDue } from '../../../core/returns/return-options.ts';
import { changeReturnSettings, readReturnSettings } from '../../../core/returns/return-settings.ts';
import { listReturns } from '../../../core/returns/returns.ts';
import { parseOrThrow } from '../../../core/shared/errors.ts';
import { ReturnStatusBadge } from '../../components/account/return-card.tsx';
import { FormAlert } from '../../components/account/form-field.tsx';
import { SpinnerButton } from '../../components/account/spinner-button.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { stamp } from '../../components/admin/date-time.ts';
import { StatusFilter } from '../../components/admin/status-filter.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { fromAppError, readPageForm } from '../../lib/forms.server.ts';
import { readPage } from '../../lib/loaders.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/returns';

export const meta = () => adminMeta('المرتجعات');

function readStatus(url: URL): ReturnStatus | undefined {
  const status = url.searchParams.get('status');
  return RETURN_STATUSES.find((s) => s === status);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const page = readPage(url);
  const status = readStatus(url);
  const [found, counts, due, settings] = await Promise.all([
    listReturns(context.db, { page, limit: PAGE_SIZE, status }),
    countReturnsByStatus(context.db),
    refundsDue(context.db),
    readReturnSettings(context.db),
  ]);
  return {
    returns: found.data.map((r) => ({
      id: r.id,
      number: r.number,
      orderNumber: r.order.number,
      customer: r.user.name,
      phone: r.user.phone,
      status: r.status,
      pieces: r.lines.reduce((sum, l) => sum + l.count, 0),
      exchange: r.lines.some((l) => l.exchangeSize !== null),
      refundAmount: r.refundAmount,
      created: stamp(r.createdAt),
    })),
    page,
    numberOfPages: found.paginationResult.numberOfPages,
    status: status ?? null,
    counts,
    due: due.map((d) => ({
      id: d.return.id,
      number: d.return.number,
      orderNumber: d.return.order.number,
      customer: d.return.user.name,
      amount: d.return.refundAmount,
      card: d.return.order.paymentMethodType === 'card',
      received: stamp(d.receivedAt),
      dueBy: stamp(d.dueBy),
      late: d.late,
    })),
    settings,
  };
}

/** The return settings form: the window in days and the return shipping fee, either alone or both. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const values = Object.fromEntries([...read.form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const number = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : typedNumber(value));
  try {
    await changeReturnSettings(context.db, parseOrThrow(ReturnSettingsChangeSchema, { windowDays: number(values.windowDays), returnShippingFee: number(values.returnShippingFee) }));
  } catch (error) {
    return fromAppError(error, values);
  }
  const saved: ActionResult = { ok: true, toast: { type: 'success', message: MSG.returnSettingsSaved } };
  return saved;
}

const PANEL = 'mb-5 rounded-xl border border-line bg-white p-4 sm:p-5';

type LoaderData = Route.ComponentProps['loaderData'];

function RefundsDue({ due }: { due: LoaderData['due'] }) {
  if (due.length === 0) return null;
  const late = due.filter((d) => d.late).length;
  return (
    <section aria-labelledby="refunds-due-heading" className={`${PANEL} ${late ? 'border-sale/50' : ''}`}>
      <h2 id="refunds-due-heading" className="mb-1 flex items-center gap-2 text-lg font-bold">
        <AlarmClock aria-hidden="true" className="size-5 text-brand-600" />
        مبالغ مستحقة الرد (<Ltr>{due.length}</Ltr>)
      </h2>
      <p className="mb-3 text-sm text-muted">يرد القانون المبلغ خلال 7 أيام من استلام المرتجع. الأقدم أولاً{late ? `، منها ${late} متأخر` : ''}.</p>
      <ul className="divide-y divide-line">
        {due.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <Link to={`/admin/returns/${d.id}`} className="font-semibold text-brand-700 underline">
                مرتجع <Ltr>#{d.number}</Ltr>
              </Link>{' '}
              <span className="text-sm text-muted">
                · طلب <Ltr>#{d.orderNumber}</Ltr> · {d.customer} · {d.card ? 'بطاقة' : 'دفع عند الاستلام'}
              </span>
              <p className="text-sm text-muted">
                استُلم <time dateTime={d.received.iso}>{d.received.text}</time> · الموعد <time dateTime={d.dueBy.iso}>{d.dueBy.text}</time>
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Price value={d.amount} className="whitespace-nowrap font-bold" />
              {d.late && <span className="rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-sale">متأخر</span>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SettingsForm({ settings, result }: { settings: LoaderData['settings']; result: (ActionResult & { values?: Record<string, string> }) | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/admin/returns') === true;
  const errors = result?.errors ?? {};
  const typed = result?.ok === false ? result.values : undefined;
  return (
    <section aria-labelledby="return-settings-heading" className={PANEL}>
      <h2 id="return-settings-heading" className="mb-3 text-lg font-bold">
        إعدادات الإرجاع
      </h2>
      <Form method="post" className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" key={JSON.stringify(settings)}>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">مدة الإرجاع والاستبدال (أيام من التوصيل)</span>
          <input
            name="windowDays"
            inputMode="numeric"
            dir="ltr"
            defaultValue={typed?.windowDays ?? String(settings.windowDays)}
            aria-invalid={errors.windowDays ? true : undefined}
            className="min-h-11 rounded-lg border border-line px-3 text-base aria-[invalid=true]:border-sale"
          />
          {errors.windowDays && <span className="text-sm text-sale">{errors.windowDays}</span>}
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">رسوم شحن الإرجاع (جنيه، حين يكون السبب من العميل)</span>
          <input
            name="returnShippingFee"
            inputMode="decimal"
            dir="ltr"
            defaultValue={typed?.returnShippingFee ?? String(settings.returnShippingFee)}
            aria-invalid={errors.returnShippingFee ? true : undefined}
            className="min-h-11 rounded-lg border border-line px-3 text-base aria-[invalid=true]:border-sale"
          />
          {errors.returnShippingFee && <span className="text-sm text-sale">{errors.returnShippingFee}</span>}
        </label>
        <SpinnerButton pending={busy}>حفظ</SpinnerButton>
      </Form>
    </section>
  );
}

export default function Returns({ loaderData, actionData }: Route.ComponentProps) {
  const { returns, page, numberOfPages, status, counts, due, settings } = loaderData;
  const result = actionData as (ActionResult & { values?: Record<string, string> }) | undefined;
  useActionToasts(result);
  return (
    <>
      <AdminHeader title="المرتجعات" subtitle={`الإرجاع والاستبدال خلال ${settings.windowDays} يوماً من التوصيل`} />
      <FormAlert message={result?.toast?.type === 'error' ? result.toast.message : undefined} />
      <RefundsDue due={due} />
      <StatusFilter
        name="تصفية المرتجعات حسب الحالة"
        path="/admin/returns"
        current={status}
        entries={[
          { status: null, label: 'الكل', count: RETURN_STATUSES.reduce((sum, s) => sum + counts[s], 0) },
          ...RETURN_STATUSES.map((s) => ({ status: s, label: RETURN_STATUS_LABELS[s], count: counts[s] })),
        ]}
      />
      {returns.length === 0 ? (
        <div className="mb-5 flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-12 text-center">
          <Inbox aria-hidden="true" className="size-12 text-brand-500" />
          <p className="text-lg font-semibold">{status ? `لا توجد مرتجعات بحالة «${RETURN_STATUS_LABELS[status]}»` : 'لا توجد طلبات إرجاع حتى الآن'}</p>
        </div>
      ) : (
        <ul aria-label="قائمة المرتجعات" className="mb-5 grid grid-cols-1 gap-3 xl:grid-cols-2">
          {returns.map((r) => (
            <li key={r.id} className="min-w-0">
              <Link to={`/admin/returns/${r.id}`} className="flex flex-col gap-2 rounded-xl border border-line bg-white p-4 hover:border-brand-500">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-lg font-bold">
                    مرتجع <Ltr>#{r.number}</Ltr>
                  </span>
                  <ReturnStatusBadge status={r.status} />
                </span>
                <span className="text-sm text-muted">
                  طلب <Ltr>#{r.orderNumber}</Ltr> · {r.customer} · <Ltr>{r.phone}</Ltr>
                </span>
                <span className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>
                    الكمية: <Ltr>{r.pieces}</Ltr> · {r.exchange ? 'استبدال' : 'إرجاع'} · <time dateTime={r.created.iso}>{r.created.text}</time>
                  </span>
                  {r.refundAmount > 0 && <Price value={r.refundAmount} className="whitespace-nowrap font-semibold" />}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Paginator currentPage={page} numberOfPages={numberOfPages} keep={['status']} />
      <SettingsForm settings={settings} result={result} />
    </>
  );
}
