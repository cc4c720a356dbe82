import { ArrowRight } from 'lucide-react';
import { data, Link, redirect } from 'react-router';
import { sizeName } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { CUSTOMER_REASONS, RETURN_NOTE_MAX, RETURN_REASON_LABELS, RETURN_REASONS, RequestReturnSchema, type ReturnReason } from '../../../contracts/returns.ts';
import { requestReturn } from '../../../core/returns/return-lifecycle.ts';
import { returnOptions, type ReturnOptionLine } from '../../../core/returns/return-options.ts';
import { ColorOfLine } from '../../components/catalogue/color-swatches.tsx';
import { FieldMessage, FormAlert } from '../../components/account/form-field.tsx';
import { SubmitButton } from '../../components/account/submit-button.tsx';
import { accountMeta } from '../../lib/account-meta.ts';
import { Ltr, Price } from '../../lib/format.tsx';
import { fieldErrors, fromAppError, readPageForm } from '../../lib/forms.server.ts';
import { productImage } from '../../lib/images.ts';
import { loadOr404 } from '../../lib/loaders.server.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';
import { requireCustomer } from '../../lib/session.server.ts';
import type { ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/return-request';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export const meta = () => accountMeta('إرجاع أو استبدال', 'اختر القطع التي تريد إرجاعها أو استبدالها بمقاس أو لون آخر.');

/** An exchange choice as the form sends it: the colour (empty without colours) and the size. */
const pairValue = (colorName: string | null, size: string) => `${colorName ?? ''}|${size}`;

/** The day as the shop prints it, from Cairo's YYYY-MM-DD. */
const lastDayText = (day: string) => new Intl.DateTimeFormat('ar-EG-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request, context);
  const options = await loadOr404(params.orderId, (id) => returnOptions(context.db, id, user));
  return { options, lastDay: options.lastDay ? lastDayText(options.lastDay) : null };
}

type Values = Record<string, string>;

/**
 * The customer's request (POST /orders/{id}/returns in a form): per line a count (0 leaves it
 * out), a reason, and a refund or another size or colour. Refused, the form comes back with
 * what was chosen and the reason; asked, the profile shows the return.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireCustomer(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const form = read.form;
  const values: Values = {};
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value;
  const lines = form
    .getAll('lineId')
    .map(String)
    .flatMap((lineId) => {
      const count = Number(values[`count-${lineId}`] ?? '0');
      if (!count) return [];
      const exchange = values[`exchange-${lineId}`] ?? '';
      const cut = exchange.lastIndexOf('|');
      const colorName = cut >= 0 ? exchange.slice(0, cut) : '';
      const size = cut >= 0 ? exchange.slice(cut + 1) : '';
      return [
        {
          lineId,
          count,
          reason: values[`reason-${lineId}`] || undefined,
          ...(size && { exchangeSize: size }),
          ...(colorName && { exchangeColorName: colorName }),
        },
      ];
    });
  const note = (values.note ?? '').trim();
  const parsed = RequestReturnSchema.safeParse({ lines, ...(note && { note }) });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    // A line's own field (lines.0.reason) is shown at the top with the others: say which.
    const message = Object.entries(errors).map(([, msg]) => msg)[0] ?? MSG.invalidValue;
    return data<ActionResult & { values: Values }>({ ok: false, errors: { form: message, ...(errors.note && { note: errors.note }) }, values }, { status: 400 });
  }
  try {
    const created = await requestReturn(context.db, params.orderId ?? '', user, parsed.data);
    return redirect(`/profile?return=${created.number}#returns`);
  } catch (error) {
    return fromAppError(error, values);
  }
}

const CONTROL = 'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base';

function LineFields({ line, values }: { line: ReturnOptionLine; values: Values | undefined }) {
  const imagesUrl = useImagesUrl();
  const id = line.lineId;
  const chosenReason = (values?.[`reason-${id}`] ?? '') as ReturnReason | '';
  const otherPairs = line.pairs.filter((p) => !(p.size === line.size && (p.colorName ?? null) === (line.colorName ?? null)));
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <input type="hidden" name="lineId" value={id} />
      <div className="flex items-center gap-3">
        <img src={productImage(line.imageCover, imagesUrl).thumb} width={48} height={64} alt="" loading="lazy" className="h-16 w-12 shrink-0 rounded-md bg-surface object-cover" />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-semibold">{line.title}</h3>
          <p className="text-sm text-muted">
            <ColorOfLine name={line.colorName} />
            المقاس: <Ltr>{sizeName(line.size)}</Ltr> · اشتريت <Ltr>{line.count}</Ltr>
          </p>
          <p className="text-sm text-muted">
            سعر القطعة المدفوع: <Price value={line.paidPrice} className="whitespace-nowrap" />
          </p>
        </div>
      </div>
      {!line.returnable ? (
        <p className="rounded-lg bg-surface px-3 py-2 text-sm">{MSG.notReturnable}</p>
      ) : line.left === 0 ? (
        <p className="rounded-lg bg-surface px-3 py-2 text-sm">كل قطع هذا المنتج في طلبات إرجاع سابقة</p>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <label className="flex flex-col gap-1">
            <span className="font-semibold">عدد القطع</span>
            <select name={`count-${id}`} defaultValue={values?.[`count-${id}`] ?? '0'} className={CONTROL}>
              <option value="0">لا شيء</option>
              {Array.from({ length: line.left }, (_, i) => (
                <option key={i + 1} value={String(i + 1)}>
                  {i + 1}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">السبب</span>
            <select name={`reason-${id}`} defaultValue={chosenReason} className={CONTROL}>
              <option value="">اختر السبب</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">المطلوب</span>
            <select name={`exchange-${id}`} defaultValue={values?.[`exchange-${id}`] ?? ''} className={CONTROL}>
              <option value="">استرداد المبلغ</option>
              {otherPairs.map((pair) => (
                <option key={pairValue(pair.colorName, pair.size)} value={pairValue(pair.colorName, pair.size)} disabled={!pair.inStock}>
                  استبدال: {pair.colorName ? `${pair.colorName}، ` : ''}مقاس {sizeName(pair.size)}
                  {pair.inStock ? '' : ' (نفد)'}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </li>
  );
}

/**
 * "إرجاع أو استبدال" (API.md "Additions: returns and exchanges"): the lines of a delivered order
 * with the pieces still returnable, a reason and a refund or exchange each, and a note. It does
 * not hydrate: a plain form that works without JavaScript.
 */
export default function ReturnRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { options, lastDay } = loaderData;
  const result = actionData as (ActionResult & { values?: Values }) | undefined;
  const values = result?.values;
  const message = result?.toast?.message ?? result?.errors?.form ?? (result?.errors && !result.errors.note ? Object.values(result.errors)[0] : undefined);
  const anyReturnable = options.lines.some((l) => l.returnable && l.left > 0);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <Link to="/profile#orders" className="mb-3 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline">
        <ArrowRight aria-hidden="true" className="size-5" />
        طلباتي
      </Link>
      <h1 className="text-2xl font-bold">
        إرجاع أو استبدال · طلب رقم <Ltr>#{options.order.number}</Ltr>
      </h1>
      {!options.open ? (
        <p className="mt-4 rounded-xl border border-line bg-surface px-4 py-6">
          {lastDay ? `${MSG.returnWindowClosed} ${lastDay}` : 'يمكن طلب الإرجاع أو الاستبدال بعد توصيل الطلب'}
        </p>
      ) : (
        <>
          <p className="mt-2 text-muted">
            يمكنك الإرجاع أو الاستبدال حتى {lastDay}، خلال {options.windowDays} يوماً من التوصيل.
            {options.returnShippingFee > 0 && (
              <>
                {' '}
                رسوم شحن الإرجاع <Price value={options.returnShippingFee} className="whitespace-nowrap" /> إذا كان السبب {CUSTOMER_REASONS.map((r) => RETURN_REASON_LABELS[r]).join(' أو ')}، ولا رسوم لعيب في المنتج أو اختلافه عن الوصف.
              </>
            )}
          </p>
          <form method="post" data-enhance="submit-once" className="mt-4 flex flex-col gap-4">
            <FormAlert message={message} />
            <ul className="flex flex-col gap-3">
              {options.lines.map((line) => (
                <LineFields key={line.lineId} line={line} values={values} />
              ))}
            </ul>
            {anyReturnable && (
              <>
                <label className="flex flex-col gap-1">
                  <span className="font-semibold">ملاحظة (مطلوبة مع «سبب آخر»)</span>
                  <textarea
                    name="note"
                    id="field-note"
                    rows={3}
                    maxLength={RETURN_NOTE_MAX}
                    defaultValue={values?.note ?? ''}
                    aria-invalid={result?.errors?.note ? true : undefined}
                    aria-describedby={result?.errors?.note ? 'field-note-error' : undefined}
                    className="w-full rounded-lg border border-line bg-white px-3 py-2 text-base"
                  />
                  <FieldMessage id="field-note-error" message={result?.errors?.note} />
                </label>
                <SubmitButton className="self-start max-sm:w-full">إرسال الطلب</SubmitButton>
              </>
            )}
          </form>
        </>
      )}
    </section>
  );
}
