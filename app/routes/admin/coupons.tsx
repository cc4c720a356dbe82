/**
 * The discount codes screen (API.md "Additions: discount codes"): every code with its type,
 * value, minimum, dates (Cairo time), uses and state; a form to add a code or change one
 * (?edit=<id>), and to switch a code off or on, or delete it. Saved through the same schemas and
 * core functions as /coupons: a bad value is shown beside its field and nothing is stored; a code
 * that was used cannot be deleted (core's 409 says so).
 */
import { Form, Link, redirect, useNavigation } from 'react-router';
import { COUPON_TYPES, CouponPatchSchema, CouponSchema, type CouponType } from '../../../contracts/coupons.ts';
import { MSG } from '../../../contracts/messages.ts';
import { IdSchema, typedNumber } from '../../../contracts/schemas.ts';
import { countCoupons, createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon, type Coupon } from '../../../core/checkout/coupons.ts';
import { AppError } from '../../../core/shared/errors.ts';
import { FormAlert, SelectField, TextField } from '../../components/account/form-field.tsx';
import { SpinnerButton } from '../../components/account/spinner-button.tsx';
import { Paginator } from '../../components/catalogue/paginator.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { formatDateTime } from '../../components/admin/date-time.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { fieldErrors, fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { readPage } from '../../lib/loaders.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { fromStoreLocalInput, toStoreLocalInput } from '../../lib/store-time.ts';
import { useActionToasts } from '../../lib/toast.ts';
import type { Route } from './+types/coupons';

export const meta = () => adminMeta('أكواد الخصم');

const TYPE_LABELS: Record<CouponType, string> = { percent: 'نسبة مئوية', fixed: 'مبلغ ثابت', freeShipping: 'شحن مجاني' };
const LABEL_TYPES = Object.fromEntries(COUPON_TYPES.map((type) => [TYPE_LABELS[type], type]));

/** Codes a page, newest first; the pages after it are a paginator away. */
export const COUPONS_PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const page = readPage(url);
  const [list, total] = await Promise.all([listCoupons(context.db, { page, limit: COUPONS_PAGE_SIZE }), countCoupons(context.db)]);
  const edit = IdSchema.safeParse(url.searchParams.get('edit'));
  // The code to change is usually on the page shown; one from elsewhere (an old link) is read alone.
  const editing = edit.success ? (list.data.find((c) => c.id === edit.data) ?? (await getCoupon(context.db, edit.data).catch(notFound))) : null;
  return { coupons: list.data, total, page, numberOfPages: list.paginationResult.numberOfPages, editing };
}

/** A code that is gone is no code to change: the form starts empty. */
function notFound(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}

/** A typed number: blank is `blank`, anything else a number (NaN for the schema to refuse). */
function numberOf<T>(value: FormDataEntryValue | null, blank: T): number | T {
  if (typeof value !== 'string' || value.trim() === '') return blank;
  return typedNumber(value);
}

/** A `datetime-local` field read as Cairo time; blank is no date. */
const dateOf = (value: FormDataEntryValue | null) => (typeof value === 'string' && value.trim() !== '' ? fromStoreLocalInput(value.trim()) : null);

/** The code as the form describes it, in the shape of CouponSchema. */
function couponOf(form: FormData) {
  const chosen = form.get('type');
  const type = typeof chosen === 'string' ? (LABEL_TYPES[chosen] ?? chosen) : chosen;
  return {
    code: form.get('code') ?? '',
    type,
    value: type === 'freeShipping' ? null : numberOf(form.get('value'), undefined),
    minItemsTotal: numberOf(form.get('minItemsTotal'), 0),
    startsAt: dateOf(form.get('startsAt')),
    endsAt: dateOf(form.get('endsAt')),
    maxUses: numberOf(form.get('maxUses'), null),
    maxUsesPerCustomer: numberOf(form.get('maxUsesPerCustomer'), 1),
    active: form.get('active') === 'on',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const intent = form.get('intent');
  const id = form.has('id') ? IdSchema.safeParse(form.get('id')) : undefined;
  if (id && !id.success) return invalid({ form: MSG.couponNotFoundAdmin }, values);
  try {
    if (intent === 'save') {
      const input = couponOf(form);
      if (id) {
        const parsed = CouponPatchSchema.safeParse(input);
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues), values);
        await updateCoupon(context.db, id.data, parsed.data);
      } else {
        const parsed = CouponSchema.safeParse(input);
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues), values);
        await createCoupon(context.db, parsed.data);
      }
      return redirect('/admin/coupons');
    }
    // Switching a code off or deleting it leaves the admin on the page they pressed it on.
    const page = readPage(new URL(request.url));
    const here = page > 1 ? `/admin/coupons?page=${page}` : '/admin/coupons';
    if (intent === 'toggle' && id) {
      await updateCoupon(context.db, id.data, { active: form.get('active') === 'true' });
      return redirect(here);
    }
    if (intent === 'delete' && id) {
      await deleteCoupon(context.db, id.data);
      return redirect(here);
    }
  } catch (error) {
    return fromAppError(error, values);
  }
  return invalid({ form: MSG.invalidValue }, values);
}

/** Changes whenever a code is added or saved, so the form starts again empty (or from the saved code) after a save. */
const versionOf = (list: Coupon[]) => `${list.length}-${Math.max(0, ...list.map((c) => c.updatedAt.getTime()))}`;

/** A saved amount or count as its field shows it; none is blank. */
const shown = (value: number | null) => (value === null ? '' : String(value));

function valueWords(coupon: Coupon) {
  if (coupon.type === 'freeShipping') return '—';
  if (coupon.type === 'percent') return <Ltr>{coupon.value}%</Ltr>;
  return <Price value={coupon.value ?? 0} />;
}

function When({ date }: { date: Date | null }) {
  return date ? <time dateTime={date.toISOString()}>{formatDateTime(date)}</time> : <span className="text-muted">—</span>;
}

function CouponCard({ coupon, page }: { coupon: Coupon; page: number }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('id') === coupon.id ? navigation.formData.get('intent') : undefined;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">
          <Ltr className="font-mono">{coupon.code}</Ltr>
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${coupon.active ? 'bg-green-50 text-green-800' : 'bg-surface text-muted'}`}>{coupon.active ? 'مفعّل' : 'موقوف'}</span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4">
        <div>
          <dt className="text-muted">النوع</dt>
          <dd className="font-semibold">{TYPE_LABELS[coupon.type]}</dd>
        </div>
        <div>
          <dt className="text-muted">القيمة</dt>
          <dd className="font-semibold">{valueWords(coupon)}</dd>
        </div>
        <div>
          <dt className="text-muted">الحد الأدنى للمنتجات</dt>
          <dd>{coupon.minItemsTotal > 0 ? <Price value={coupon.minItemsTotal} /> : 'بدون'}</dd>
        </div>
        <div>
          <dt className="text-muted">الاستخدام</dt>
          <dd>
            {coupon.maxUses === null ? (
              <>
                <Ltr>{coupon.uses}</Ltr> (بلا حد)
              </>
            ) : (
              <Ltr>
                {coupon.uses} / {coupon.maxUses}
              </Ltr>
            )}
            <span className="text-muted"> · لكل عميل <Ltr>{coupon.maxUsesPerCustomer}</Ltr></span>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">يبدأ</dt>
          <dd>
            <When date={coupon.startsAt} />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">ينتهي</dt>
          <dd>
            <When date={coupon.endsAt} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`/admin/coupons?${page > 1 ? `page=${page}&` : ''}edit=${coupon.id}#coupon-form`} className="inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50">
          تعديل
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={coupon.id} />
          <input type="hidden" name="active" value={coupon.active ? 'false' : 'true'} />
          <SpinnerButton pending={pending === 'toggle'} variant="secondary">
            {coupon.active ? 'إيقاف' : 'تفعيل'}
          </SpinnerButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={coupon.id} />
          <SpinnerButton pending={pending === 'delete'} variant="secondary" className="border-sale text-sale hover:bg-red-50">
            حذف
          </SpinnerButton>
        </Form>
      </div>
    </li>
  );
}

function CouponForm({ editing, version, values, errors }: { editing: Coupon | null; version: string; values?: Record<string, string>; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const typed = (name: string, saved: string) => values?.[name] ?? saved;
  const typeNow = typed('type', editing?.type ?? 'percent');
  return (
    <Form id="coupon-form" method="post" noValidate key={`${editing?.id ?? 'new'}-${version}`} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4">
      <h2 className="text-lg font-bold">{editing ? 'تعديل كود الخصم' : 'إضافة كود خصم'}</h2>
      <input type="hidden" name="intent" value="save" />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField name="code" label="الكود" dir="ltr" autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={20} defaultValue={typed('code', editing?.code ?? '')} error={errors.code} />
        <SelectField
          name="type"
          label="نوع الخصم"
          options={COUPON_TYPES.map((type) => TYPE_LABELS[type])}
          placeholder="اختر النوع"
          defaultValue={TYPE_LABELS[typeNow as CouponType] ?? typeNow}
          error={errors.type}
        />
        <TextField name="value" label="القيمة (النسبة أو الجنيهات؛ فارغة للشحن المجاني)" inputMode="decimal" dir="ltr" defaultValue={typed('value', shown(editing?.value ?? null))} error={errors.value} />
        <TextField name="minItemsTotal" label="الحد الأدنى لإجمالي المنتجات (جنيه)" inputMode="decimal" dir="ltr" defaultValue={typed('minItemsTotal', shown(editing?.minItemsTotal ?? 0))} error={errors.minItemsTotal} />
        <TextField name="startsAt" type="datetime-local" label="يبدأ (بتوقيت القاهرة)" dir="ltr" defaultValue={typed('startsAt', editing?.startsAt ? toStoreLocalInput(editing.startsAt) : '')} error={errors.startsAt} />
        <TextField name="endsAt" type="datetime-local" label="ينتهي (بتوقيت القاهرة)" dir="ltr" defaultValue={typed('endsAt', editing?.endsAt ? toStoreLocalInput(editing.endsAt) : '')} error={errors.endsAt} />
        <TextField name="maxUses" label="أقصى عدد للاستخدام (فارغ: بلا حد)" inputMode="numeric" dir="ltr" defaultValue={typed('maxUses', shown(editing?.maxUses ?? null))} error={errors.maxUses} />
        <TextField name="maxUsesPerCustomer" label="أقصى استخدام لكل عميل" inputMode="numeric" dir="ltr" defaultValue={typed('maxUsesPerCustomer', shown(editing?.maxUsesPerCustomer ?? 1))} error={errors.maxUsesPerCustomer} />
      </div>
      <label className="flex min-h-11 items-center gap-2 font-semibold">
        <input type="checkbox" name="active" defaultChecked={values ? values.active === 'on' : (editing?.active ?? true)} className="size-5" />
        الكود مفعّل
      </label>
      <div className="flex flex-wrap gap-2">
        <SpinnerButton pending={pending}>{editing ? 'حفظ التعديل' : 'إضافة الكود'}</SpinnerButton>
        {editing && (
          <Link to="/admin/coupons" className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand-700 underline">
            إلغاء
          </Link>
        )}
      </div>
    </Form>
  );
}

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, total, page, numberOfPages, editing } = loaderData;
  useActionToasts(actionData);
  const values = actionData && 'values' in actionData ? (actionData.values as Record<string, string> | undefined) : undefined;
  const errors = actionData?.errors ?? {};
  const refusedSave = values?.intent === 'save';
  return (
    <>
      <AdminHeader title="أكواد الخصم" subtitle="خصم بنسبة أو بمبلغ ثابت أو شحن مجاني، بمواعيد وحدود استخدام." />
      <FormAlert message={actionData?.toast?.type === 'error' ? actionData.toast.message : errors.form} />
      {refusedSave && Object.keys(errors).length > 0 && <FormAlert message={MSG.fixMarkedFields} />}
      <div className="mt-4 grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
        <section aria-labelledby="coupons-list" className="flex min-w-0 flex-col gap-3">
          <h2 id="coupons-list" className="text-lg font-bold">
            الأكواد (<Ltr>{total}</Ltr>)
          </h2>
          {coupons.length === 0 ? (
            <p className="rounded-xl border border-line bg-surface p-4 text-muted">لا توجد أكواد خصم بعد.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {coupons.map((coupon) => (
                <CouponCard key={coupon.id} coupon={coupon} page={page} />
              ))}
            </ul>
          )}
          <Paginator currentPage={page} numberOfPages={numberOfPages > 1 ? numberOfPages : 0} />
        </section>
        <CouponForm editing={editing} version={versionOf(coupons)} values={refusedSave ? values : undefined} errors={refusedSave ? errors : {}} />
      </div>
    </>
  );
}
