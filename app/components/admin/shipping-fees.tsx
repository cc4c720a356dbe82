/**
 * The admin's shipping fees screen (API.md "shipping by governorate"): the 27 governorates in
 * regions, each with its fee; a quick-set per region and for all; the free-shipping threshold and
 * the cash-on-delivery fee. Every part is a plain form, so it works before and without
 * JavaScript: a region's quick-set is its own form, whose input and button sit inside the
 * region's table and belong to it by their `form` attribute.
 */
import { CURRENCY } from '../../../contracts/constants.ts';
import { GOVERNORATES, type Governorate } from '../../../contracts/governorates.ts';
import { FieldMessage } from '../account/form-field.tsx';
import { SpinnerButton } from '../account/spinner-button.tsx';

/** Egypt's governorates by region, each exactly once, in the order the screen shows them. */
export const GOVERNORATE_GROUPS = [
  { key: 'greater-cairo', name: 'القاهرة الكبرى', governorates: ['القاهرة', 'الجيزة', 'القليوبية'] },
  { key: 'alexandria', name: 'الإسكندرية والساحل', governorates: ['الإسكندرية', 'البحيرة'] },
  { key: 'delta', name: 'الدلتا', governorates: ['الشرقية', 'الدقهلية', 'الغربية', 'المنوفية', 'كفر الشيخ', 'دمياط'] },
  { key: 'canal-sinai', name: 'القناة وسيناء', governorates: ['بورسعيد', 'الإسماعيلية', 'السويس', 'شمال سيناء', 'جنوب سيناء'] },
  { key: 'upper-egypt', name: 'الصعيد', governorates: ['الفيوم', 'بني سويف', 'المنيا', 'أسيوط', 'سوهاج', 'قنا', 'الأقصر', 'أسوان'] },
  { key: 'frontier', name: 'البحر الأحمر والوادي الجديد ومطروح', governorates: ['البحر الأحمر', 'الوادي الجديد', 'مطروح'] },
] as const satisfies readonly { key: string; name: string; governorates: readonly Governorate[] }[];

export type GroupKey = (typeof GOVERNORATE_GROUPS)[number]['key'];

/** The form field of a governorate's fee: its place in GOVERNORATES, as the schema's error paths name it (`fees.3.fee`). */
export const feeField = (governorate: Governorate) => `fees.${GOVERNORATES.indexOf(governorate)}.fee`;

/** Where a quick-set's message goes: `group.<key>` or `all`. */
export const quickSetField = (group?: GroupKey) => (group ? `group.${group}` : 'all');

const INPUT =
  'min-h-11 w-28 rounded-lg border bg-white px-3 py-2 text-base text-ink focus:border-brand-500 aria-[invalid=true]:border-sale border-line aria-[invalid=true]:bg-red-50';

/** An amount in pounds, typed left to right, with its currency after it. */
export function AmountInput({
  id,
  name,
  defaultValue,
  error,
  label,
  form,
  placeholder,
}: {
  id: string;
  name: string;
  defaultValue: string;
  error?: string;
  /** An accessible name when no <label> points at the input. */
  label?: string;
  form?: string;
  placeholder?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      {/* Left to right like every price: the amount, then its currency. */}
      <span dir="ltr" className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          form={form}
          type="text"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          defaultValue={defaultValue}
          placeholder={placeholder}
          className={INPUT}
        />
        <span className="text-sm text-muted">{CURRENCY}</span>
      </span>
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

/** The hidden fields and the empty form a quick-set's input and button point at. */
export function QuickSetForm({ id, group }: { id: string; group?: GroupKey }) {
  return (
    <form id={id} method="post" hidden>
      <input type="hidden" name="intent" value={group ? 'group' : 'all'} />
      {group && <input type="hidden" name="group" value={group} />}
    </form>
  );
}

/** One region: its quick-set on top, then each governorate's fee. */
export function GroupTable({
  group,
  valueOf,
  quickValue,
  errors,
  pending,
}: {
  group: (typeof GOVERNORATE_GROUPS)[number];
  /** The value a fee field shows: what was typed before a refusal, else the saved fee. */
  valueOf: (field: string) => string;
  /** What was typed in this region's quick-set before a refusal. */
  quickValue: string;
  errors: Record<string, string>;
  /** This region's quick-set is being saved. */
  pending: boolean;
}) {
  const formId = `quick-set-${group.key}`;
  const headingId = `group-${group.key}`;
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-xl border border-line bg-white">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-line bg-surface px-4 py-3">
        <h2 id={headingId} className="text-lg font-bold">
          {group.name}
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          <AmountInput
            id={`${formId}-fee`}
            name="fee"
            form={formId}
            label={`رسوم موحدة لمحافظات ${group.name}`}
            placeholder="رسوم موحدة"
            defaultValue={quickValue}
            error={errors[quickSetField(group.key)]}
          />
          <SpinnerButton pending={pending} form={formId} variant="secondary" className="text-sm">
            تطبيق على {group.name}
          </SpinnerButton>
        </div>
      </div>
      <table className="w-full">
        <caption className="sr-only">رسوم الشحن لمحافظات {group.name}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">المحافظة</th>
            <th scope="col">رسوم الشحن</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {group.governorates.map((governorate) => {
            const field = feeField(governorate);
            return (
              <tr key={governorate}>
                <th scope="row" className="px-4 py-2 text-start font-semibold">
                  <label htmlFor={`fee-${GOVERNORATES.indexOf(governorate)}`}>{governorate}</label>
                </th>
                <td className="px-4 py-2">
                  <div className="flex justify-end">
                    <AmountInput id={`fee-${GOVERNORATES.indexOf(governorate)}`} name={field} form="shipping-fees" defaultValue={valueOf(field)} error={errors[field]} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
