/**
 * The shipping fees screen (API.md "shipping by governorate"): what each governorate pays, free
 * shipping from an items total, the cash-on-delivery fee. Saved through the same schema and core
 * function as PUT /shipping: a bad value is shown beside its field and nothing changes. Placed
 * orders keep what they were charged.
 */
import { Form, useNavigation } from 'react-router';
import { GOVERNORATES } from '../../../contracts/governorates.ts';
import { MSG } from '../../../contracts/messages.ts';
import { ShippingRulesSchema, typedNumber } from '../../../contracts/schemas.ts';
import type { ShippingRules } from '../../../contracts/shipping.ts';
import { AppError, parseOrThrow } from '../../../core/shared/errors.ts';
import { changeShippingRules, readShippingRules } from '../../../core/checkout/shipping.ts';
import { FormAlert } from '../../components/account/form-field.tsx';
import { SpinnerButton } from '../../components/account/spinner-button.tsx';
import { AdminHeader } from '../../components/admin/admin-header.tsx';
import { AmountInput, feeField, GOVERNORATE_GROUPS, GroupTable, quickSetField, QuickSetForm } from '../../components/admin/shipping-fees.tsx';
import { FeeWords } from '../../components/shipping-terms.tsx';
import { adminMeta } from '../../lib/admin-meta.ts';
import { fromAppError, invalid, readPageForm } from '../../lib/forms.server.ts';
import { requireAdmin } from '../../lib/session.server.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import type { Route } from './+types/shipping';

export const meta = () => adminMeta('أسعار الشحن');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { rules: await readShippingRules(context.db) };
}

/**
 * A typed amount as the schema reads it: blank is undefined (refused where an amount is
 * required), anything else a number or NaN. Arabic-Indic digits and decimal separator are read
 * as the ASCII ones; a minus sign stays, for the schema to refuse.
 */
function amountOf(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return typedNumber(value);
}

/** The change a posted form asks for, by its intent: the whole screen, one region, or every governorate. */
function changeOf(form: FormData): { change: unknown; field?: string } {
  const intent = form.get('intent');
  if (intent === 'all') return { change: { fees: GOVERNORATES.map((governorate) => ({ governorate, fee: amountOf(form.get('fee')) })) }, field: quickSetField() };
  if (intent === 'group') {
    const group = GOVERNORATE_GROUPS.find((g) => g.key === form.get('group'));
    if (!group) return { change: { fees: [{}] } };
    return { change: { fees: group.governorates.map((governorate) => ({ governorate, fee: amountOf(form.get('fee')) })) }, field: quickSetField(group.key) };
  }
  const threshold = form.get('freeShippingFrom');
  return {
    change: {
      fees: GOVERNORATES.map((governorate) => ({ governorate, fee: amountOf(form.get(feeField(governorate))) })),
      // Blank turns free shipping off.
      freeShippingFrom: typeof threshold === 'string' && threshold.trim() === '' ? null : amountOf(threshold),
      codFee: amountOf(form.get('codFee')),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const read = await readPageForm(request, context);
  if ('refusal' in read) return read.refusal;
  const values = Object.fromEntries([...read.form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const { change, field } = changeOf(read.form);
  try {
    await changeShippingRules(context.db, parseOrThrow(ShippingRulesSchema, change));
  } catch (error) {
    // A quick-set's one amount: its message goes beside its one field.
    if (field && error instanceof AppError && error.fields?.length) return invalid({ [field]: error.message }, values);
    return fromAppError(error, values);
  }
  const saved: ActionResult = { ok: true, toast: { type: 'success', message: MSG.shippingSaved } };
  return saved;
}

/** A saved amount as its field shows it; a threshold that is off is blank. */
const shown = (amount: number | null) => (amount === null ? '' : String(amount));

/** Changes whenever the saved rules do, so the fields start again from them after a save. */
const versionOf = (rules: ShippingRules) => JSON.stringify(rules);

export default function ShippingFees({ loaderData, actionData }: Route.ComponentProps) {
  const { rules } = loaderData;
  useActionToasts(actionData);
  const navigation = useNavigation();
  const posting = navigation.state === 'submitting' ? navigation.formData : undefined;
  const refused = actionData?.ok === false ? ((actionData as { values?: Record<string, string> }).values ?? {}) : undefined;
  const errors = actionData?.errors ?? {};
  const savedFees = new Map(rules.fees.map((f) => [f.governorate, f.fee]));
  // After a refusal each field shows what was typed on the form that was sent; the others their saved value.
  const typedOnScreen = refused?.intent === 'save';
  const valueOf = (field: string) => (typedOnScreen ? (refused[field] ?? '') : shown(savedFees.get(GOVERNORATES[Number(field.split('.')[1])]!) ?? null));
  const quickValue = (intent: 'group' | 'all', group?: string) => (refused?.intent === intent && refused.group === group ? (refused.fee ?? '') : '');
  const saved = actionData?.ok ? actionData.toast?.message : undefined;

  return (
    <>
      <AdminHeader
        title="أسعار الشحن"
        subtitle={
          <>
            الشحن الآن <FeeWords rules={rules} />
          </>
        }
      />
      <FormAlert message={actionData?.toast?.type === 'error' ? actionData.toast.message : undefined} />
      {saved && (
        <noscript>
          <FormAlert tone="success" message={saved} />
        </noscript>
      )}
      {Object.keys(errors).length > 0 && <FormAlert message={MSG.fixMarkedFields} />}

      <QuickSetForm id="quick-set-all" />
      {GOVERNORATE_GROUPS.map((group) => (
        <QuickSetForm key={group.key} id={`quick-set-${group.key}`} group={group.key} />
      ))}

      <div key={versionOf(rules)} className="mt-4 flex max-w-3xl flex-col gap-4">
        <section aria-labelledby="all-governorates" className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-line bg-white p-4">
          <div>
            <h2 id="all-governorates" className="text-lg font-bold">
              كل المحافظات
            </h2>
            <p className="text-sm text-muted">رسوم واحدة لكل المحافظات، تُحفظ فوراً.</p>
          </div>
          <div className="flex flex-wrap items-start gap-2">
            <AmountInput
              id="quick-set-all-fee"
              name="fee"
              form="quick-set-all"
              label="رسوم موحدة لكل المحافظات"
              placeholder="رسوم موحدة"
              defaultValue={quickValue('all')}
              error={errors[quickSetField()]}
            />
            <SpinnerButton pending={posting?.get('intent') === 'all'} form="quick-set-all" variant="secondary" className="text-sm">
              تطبيق على كل المحافظات
            </SpinnerButton>
          </div>
        </section>

        <Form id="shipping-fees" method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="save" />
          <p className="text-sm text-muted">
            رسوم كل محافظة بالجنيه (من <bdi dir="ltr">0</bdi> إلى <bdi dir="ltr">1000</bdi>). «تطبيق» على منطقة يحفظ رسومها فوراً؛ باقي التعديلات تُحفظ بزر «حفظ
            أسعار الشحن».
          </p>
          {GOVERNORATE_GROUPS.map((group) => (
            <GroupTable
              key={group.key}
              group={group}
              valueOf={valueOf}
              quickValue={quickValue('group', group.key)}
              errors={errors}
              pending={posting?.get('intent') === 'group' && posting.get('group') === group.key}
            />
          ))}

          <section aria-labelledby="shipping-extras" className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4">
            <h2 id="shipping-extras" className="text-lg font-bold">
              الشحن المجاني والدفع عند الاستلام
            </h2>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="free-shipping-from" className="font-semibold">
                شحن مجاني للطلبات من
              </label>
              <AmountInput
                id="free-shipping-from"
                name="freeShippingFrom"
                defaultValue={typedOnScreen ? (refused.freeShippingFrom ?? '') : shown(rules.freeShippingFrom)}
                placeholder="بدون"
                error={errors.freeShippingFrom}
              />
              <p className="text-sm text-muted">إجمالي المنتجات قبل الشحن؛ اتركه فارغاً لإيقاف الشحن المجاني.</p>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="cod-fee" className="font-semibold">
                رسوم الدفع عند الاستلام
              </label>
              <AmountInput id="cod-fee" name="codFee" defaultValue={typedOnScreen ? (refused.codFee ?? '') : shown(rules.codFee)} error={errors.codFee} />
              <p className="text-sm text-muted">
                تضاف إلى الطلبات المدفوعة نقداً فقط؛ <bdi dir="ltr">0</bdi> بلا رسوم.
              </p>
            </div>
          </section>

          <SpinnerButton pending={posting?.get('intent') === 'save'} className="w-full sm:w-auto sm:self-start">
            حفظ أسعار الشحن
          </SpinnerButton>
          <p className="text-sm text-muted">الطلبات التي تمت تحتفظ برسوم الشحن التي حُسبت وقتها.</p>
        </Form>
      </div>
    </>
  );
}
