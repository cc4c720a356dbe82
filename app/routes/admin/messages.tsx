/**
 * WhatsApp messages to customers (API.md "Additions: messages to customers"): those that need
 * staff first (failed, or perhaps not arrived), every message on the other tab, each with its
 * order, phone, tries, last error and words, and "send again" for the ones that can be; and which
 * kinds of order message the shop sends. Saved through the same core functions as the API's
 * POST /messages/{id}/resend and PUT /messages/kinds.
 */
import { ChevronLeft, ChevronRight, Inbox, TriangleAlert } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema } from '../../../contracts/schemas.ts';
import { ORDER_MESSAGE_KINDS, RESENDABLE_STATUSES, type MessageStatus } from '../../../contracts/whatsapp.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { countMessagesByStatus, listMessages, readMessageKinds, resendCustomerMessage, setMessageKinds, type MessageKindSetting } from '../../../core/messages/messages.ts';
import { whatsAppConnected } from '../../../core/messages/outbox.ts';
import { FormAlert } from '../../components/account/form-field.tsx';
import { SpinnerButton } from '../../components/account/spinner-button.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { MessageCard, toMessageView, WhatsAppOffText } from '../../components/admin/whatsapp-message.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { Ltr } from '../../lib/format.tsx';
import { fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { readPage } from '../../lib/loaders.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/messages';

export const meta = () => adminMeta('رسائل واتساب');

/** The two tabs: the messages staff must look at (failed, or perhaps not arrived), and all of them. */
type View = 'attention' | 'all';

/** The page's address for a tab, an order and a page; the first page and the default tab say nothing. */
function pageUrl(view: View, orderId: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (view === 'all') params.set('view', 'all');
  if (orderId) params.set('orderId', orderId);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/messages?${query}` : '/admin/messages';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const page = readPage(url);
  // An order's messages are all shown, whatever their state; a malformed order id filters nothing.
  const order = IdSchema.safeParse(url.searchParams.get('orderId'));
  const orderId = order.success ? order.data : null;
  const view: View = orderId || url.searchParams.get('view') === 'all' ? 'all' : 'attention';
  const [messages, counts, kinds] = await Promise.all([
    listMessages(context.db, context.storeUrl, {
      page,
      limit: PAGE_SIZE,
      statuses: view === 'attention' ? RESENDABLE_STATUSES : undefined,
      orderId: orderId ?? undefined,
    }),
    countMessagesByStatus(context.db),
    readMessageKinds(context.db),
  ]);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return {
    messages: messages.data.map(toMessageView),
    page,
    numberOfPages: messages.paginationResult.numberOfPages,
    view,
    orderId,
    counts: { attention: RESENDABLE_STATUSES.reduce((sum, status: MessageStatus) => sum + counts[status], 0), all: total },
    kinds,
    connected: whatsAppConnected(context.db),
  };
}

/** "Send again" on one message (intent=resend, id), or the kinds of order message switched on (intent=kinds, a `kind` per checked box). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const intent = form.get('intent');
  try {
    if (intent === 'resend') {
      const id = IdSchema.safeParse(form.get('id'));
      if (!id.success) throw new AppError(404, MSG.messageNotFound);
      await resendCustomerMessage(context.db, context.storeUrl, id.data, admin.id);
      const done: ActionResult = { ok: true, toast: { type: 'success', message: MSG.messageResent } };
      return done;
    }
    if (intent === 'kinds') {
      const on = new Set(form.getAll('kind'));
      await setMessageKinds(
        context.db,
        ORDER_MESSAGE_KINDS.map((kind) => ({ kind, enabled: on.has(kind) })),
      );
      const done: ActionResult = { ok: true, toast: { type: 'success', message: MSG.messageKindsSaved } };
      return done;
    }
  } catch (error) {
    return fromAppError(error);
  }
  return invalid({ intent: MSG.invalidValue });
}

const TAB = 'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold sm:gap-2 sm:px-4';

/** The two tabs with their counts: plain links, so they work before JavaScript loads. */
function Tabs({ current, counts }: { current: View; counts: Record<View, number> }) {
  const tabs: { view: View; label: string }[] = [
    { view: 'attention', label: 'تحتاج متابعة' },
    { view: 'all', label: 'الكل' },
  ];
  return (
    <nav aria-label="تصفية الرسائل" className="mb-4">
      <ul className="flex flex-wrap gap-1.5 sm:gap-2">
        {tabs.map((tab) => {
          const active = tab.view === current;
          return (
            <li key={tab.view}>
              <Link
                to={pageUrl(tab.view, null)}
                aria-current={active ? 'page' : undefined}
                className={`${TAB} ${active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white text-ink hover:border-brand-500'}`}
              >
                {tab.label}
                <Ltr className={`min-w-6 rounded-full px-1.5 text-center text-xs ${active ? 'bg-white/20' : 'bg-surface'}`}>{counts[tab.view]}</Ltr>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const STEP = 'inline-flex min-h-11 items-center gap-1 rounded-lg border border-line bg-white px-3 text-sm font-semibold hover:border-brand-500';

/** Newer and older pages, keeping the tab and the order. */
function PageSteps({ view, orderId, page, numberOfPages }: { view: View; orderId: string | null; page: number; numberOfPages: number }) {
  if (numberOfPages <= 1) return null;
  return (
    <nav aria-label="صفحات الرسائل" className="mt-5 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageUrl(view, orderId, page - 1)} rel="prev" className={STEP}>
          <ChevronRight aria-hidden="true" className="size-4" />
          الأحدث
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        صفحة <Ltr>{page}</Ltr> من <Ltr>{numberOfPages}</Ltr>
      </p>
      {page < numberOfPages ? (
        <Link to={pageUrl(view, orderId, page + 1)} rel="next" className={STEP}>
          الأقدم
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Which kinds of order message the shop sends: one checkbox each, saved together. */
function KindSwitches({ kinds }: { kinds: MessageKindSetting[] }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'kinds';
  return (
    <section aria-labelledby="message-kinds" className="rounded-xl border border-line bg-white p-4">
      <h2 id="message-kinds" className="text-lg font-bold">
        الرسائل التي تُرسل
      </h2>
      <p className="mb-3 text-sm text-muted">تُرسل لكل طلب عند حدوثها؛ ما تُوقفه لا يُرسل للطلبات بعد الحفظ.</p>
      {/* Saved kinds change the key, so the boxes start again from what was stored. */}
      <Form key={kinds.map((k) => Number(k.enabled)).join('')} method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="kinds" />
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">أنواع رسائل الطلبات</legend>
          {kinds.map((kind) => (
            <label key={kind.kind} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" name="kind" value={kind.kind} defaultChecked={kind.enabled} className="size-5 shrink-0 accent-brand-600" />
              {kind.label}
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-muted">رمز استعادة كلمة المرور يُرسل دائماً.</p>
        <SpinnerButton pending={saving} disabled={navigation.state === 'submitting'} className="w-full sm:w-fit">
          حفظ
        </SpinnerButton>
      </Form>
    </section>
  );
}

function Empty({ view, orderId, numberOfPages }: { view: View; orderId: string | null; numberOfPages: number }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-12 text-center">
      <Inbox aria-hidden="true" className="size-12 text-brand-500" />
      {numberOfPages > 0 ? (
        <>
          <p className="text-lg font-semibold">لا توجد رسائل في هذه الصفحة</p>
          <Link to={pageUrl(view, orderId)} className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
            العودة إلى أحدث الرسائل
          </Link>
        </>
      ) : orderId ? (
        <p className="text-lg font-semibold">لم تُسجَّل رسائل لهذا الطلب</p>
      ) : view === 'attention' ? (
        <>
          <p className="text-lg font-semibold">لا توجد رسائل تحتاج متابعة</p>
          <Link to={pageUrl('all', null)} className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
            عرض كل الرسائل
          </Link>
        </>
      ) : (
        <p className="text-lg font-semibold">لم تُسجَّل رسائل حتى الآن</p>
      )}
    </div>
  );
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, page, numberOfPages, view, orderId, counts, kinds, connected } = loaderData;
  useActionToasts(actionData);
  const done = actionData?.ok ? actionData.toast?.message : undefined;
  const refused = actionData?.ok === false ? (actionData.toast?.message ?? Object.values(actionData.errors ?? {})[0]) : undefined;
  const orderNumber = messages.find((m) => m.orderNumber !== null)?.orderNumber ?? null;

  return (
    <>
      <AdminHeader title="رسائل واتساب" subtitle="ما أرسله المتجر للعملاء عن طلباتهم، الأحدث أولاً" />
      <div className="mb-4 flex flex-col gap-2">
        {!connected && (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              <WhatsAppOffText />
            </span>
          </p>
        )}
        <FormAlert message={refused} />
        {done && (
          <noscript>
            <FormAlert tone="success" message={done} />
          </noscript>
        )}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <div className="min-w-0">
          {orderId ? (
            <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold">
                {orderNumber !== null ? (
                  <>
                    رسائل الطلب رقم <Ltr>#{orderNumber}</Ltr>
                  </>
                ) : (
                  'رسائل هذا الطلب'
                )}
              </span>
              <Link to={pageUrl('all', null)} className="inline-flex min-h-11 items-center font-semibold text-brand-600 underline">
                كل الرسائل
              </Link>
            </p>
          ) : (
            <Tabs current={view} counts={counts} />
          )}
          {messages.length === 0 ? (
            <Empty view={view} orderId={orderId} numberOfPages={numberOfPages} />
          ) : (
            <ul aria-label="قائمة الرسائل" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {messages.map((message) => (
                <li key={message.id} className="min-w-0">
                  <MessageCard message={message} />
                </li>
              ))}
            </ul>
          )}
          <PageSteps view={view} orderId={orderId} page={page} numberOfPages={numberOfPages} />
        </div>
        <KindSwitches kinds={kinds} />
      </div>
    </>
  );
}
