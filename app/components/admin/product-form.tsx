/**
 * The add and edit product form (SPEC.md §5 "Add-product"). Without JavaScript it is a plain
 * multipart post to the page's action. With JavaScript it is checked with the same schema the
 * server uses, then sent to the REST API with XMLHttpRequest so the upload shows real progress;
 * the server's Arabic messages land beside the fields, with a toast, either way. A product may
 * come in colours (color-fields.tsx): then its stock is a grid of colour × size.
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '../../enhance/toast.ts';
import { AGES, DESCRIPTION_MAX, MAX_PRODUCT_IMAGES, SEASONS, SIZES, sizeName } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { MAX_IMAGES_WITH_COLORS, ProductFieldsSchema, ProductPatchSchema } from '../../../contracts/schemas.ts';
import { FieldMessage, FormAlert, SelectField, TextAreaField, TextField } from '../account/form-field.tsx';
import { SpinnerButton } from '../account/spinner-button.tsx';
import { Ltr } from '../../lib/format.tsx';
import type { ActionResult } from '../../lib/toast.ts';
import {
  ColorsSection,
  ColorStockGrid,
  initialColorRows,
  newColorRow,
  sentRows,
  storedPictureKey,
  type ColorRow,
  type PictureChoice,
} from './color-fields.tsx';
import { ImagePicker, type PickedImage } from './image-picker.tsx';
import { piecesOf, StockField, stockFieldName, totalOf } from './stock-field.tsx';
import {
  COLORS_BEFORE_FIELD,
  errorsByField,
  FIRST_COLOR_PICTURE,
  readApiErrors,
  readProductFields,
  sendMultipart,
  stockTexts,
  toUploadBody,
  type ColorRowValues,
} from './upload.ts';

/** What the edit form starts from: the stored product, without dates. */
export interface EditableProduct {
  id: string;
  title: string;
  description: string;
  category: { id: string };
  price: number;
  priceAfterDiscount: number;
  /** Pieces per size, in the order of availableSizes; with colours per colour × size, each naming its colour. */
  stock: { size: string; quantity: number; color?: string }[];
  /** The colours in order, each with its pictures among `images`; empty for a product in one colour. */
  colors: { name: string; hex: string; images: string[] }[];
  age: string;
  season: string;
  availableSizes: string[];
  available: boolean;
  /** False for what the shop does not take back once opened. */
  returnable: boolean;
  barcode: string;
  sale: string;
  imageCover: string;
  images: string[];
}

type FormValues = Record<string, unknown>;

export type ProductActionData = ActionResult & { values?: FormValues };

/** The stored colours as the form's rows: pictures by their numbers, and the pieces shown, sent back as seen. */
function colorRowsOf(product: EditableProduct): ColorRowValues[] {
  return product.colors.map((colour) => {
    const stock = Object.fromEntries(product.stock.filter((s) => s.color === colour.name).map((s) => [s.size, String(s.quantity)]));
    const pictures = colour.images.map((file) => product.images.indexOf(file)).filter((i) => i >= 0);
    return { name: colour.name, hex: colour.hex, pictures: pictures.map((i) => i + FIRST_COLOR_PICTURE).join(' '), stock, seen: stock };
  });
}

function valuesOf(product: EditableProduct): FormValues {
  const flat = product.colors.length === 0 ? Object.fromEntries(product.stock.map((s) => [s.size, String(s.quantity)])) : {};
  const stock = JSON.stringify(flat);
  return {
    title: product.title,
    description: product.description,
    category: product.category.id,
    price: String(product.price),
    priceAfterDiscount: String(product.priceAfterDiscount),
    stock,
    flatSeen: flat,
    colorRows: colorRowsOf(product),
    age: product.age,
    season: product.season,
    availableSizes: product.availableSizes,
    barcode: product.barcode,
    sale: product.sale,
    availability: product.available ? 'true' : 'false',
    returnable: product.returnable ? 'true' : 'false',
  };
}

/** A record of texts, as the form's values keep the pieces it showed. */
const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

const CONTROL =
  'w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-ink focus:border-brand-500 aria-[invalid=true]:border-sale';


/** Categories are picked by name and sent by id, which SelectField's plain string options cannot do. */
function CategorySelect({ categories, defaultValue, error }: { categories: { id: string; name: string }[]; defaultValue: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="field-category" className="font-semibold">
        التصنيف
      </label>
      <select
        id="field-category"
        name="category"
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'field-category-error' : undefined}
        className={`${CONTROL} ${error ? 'border-sale' : 'border-line'}`}
      >
        <option value="">اختر التصنيف</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      <FieldMessage id="field-category-error" message={error} />
    </div>
  );
}

function SizesField({ selected, error }: { selected: readonly string[]; error?: string }) {
  return (
    <fieldset
      className="min-w-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'field-availableSizes-error' : undefined}
    >
      <legend className="mb-2 font-semibold">المقاسات المتاحة</legend>
      <div className="flex flex-wrap gap-1.5">
        {SIZES.map((size) => (
          <span key={size} className="relative">
            <input
              type="checkbox"
              id={`size-${size}`}
              name="availableSizes"
              value={size}
              defaultChecked={selected.includes(size)}
              className="peer sr-only"
            />
            <label
              htmlFor={`size-${size}`}
              dir="ltr"
              className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-line bg-white px-2 text-sm font-semibold text-ink transition-colors peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
            >
              {sizeName(size)}
            </label>
          </span>
        ))}
      </div>
      <FieldMessage id="field-availableSizes-error" message={error} />
    </fieldset>
  );
}

/** The first field the admin has to fix, in the order of the form. */
function focusFirstError(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid instanceof HTMLFieldSetElement ? invalid.querySelector<HTMLElement>('input') : invalid;
  target?.focus();
}

interface ProductFormProps {
  mode: 'add' | 'edit';
  categories: { id: string; name: string }[];
  product?: EditableProduct;
  /** The page action's answer to a post made without JavaScript. */
  actionData?: ProductActionData;
}

export function ProductForm({ mode, categories, product, actionData }: ProductFormProps) {
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>();
  const [formMessage, setFormMessage] = useState<string>();
  /** Share of the upload sent, 0 to 1, while a request is in flight. */
  const [progress, setProgress] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // A new key empties an added product's form; an edited product's form remounts from its saved values.
  const [formKey, setFormKey] = useState(0);

  // After a refused plain post the form shows what was sent; otherwise what is stored, or nothing.
  const values: FormValues = (actionData?.ok ? undefined : actionData?.values) ?? (product ? valuesOf(product) : {});
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const [descriptionLength, setDescriptionLength] = useState(text('description').length);
  const chosenSizes = Array.isArray(values.availableSizes) ? (values.availableSizes as string[]) : [];
  // Rows of sizes that were not sent keep what is stored, so ticking a size again shows its pieces.
  const stockValues = { ...stockTexts(product && valuesOf(product).stock), ...stockTexts(values.stock) };
  const flatSeen = isTextRecord(values.flatSeen) ? values.flatSeen : {};
  const [stockTotal, setStockTotal] = useState(() => piecesOf(chosenSizes.map((size) => stockValues[size] ?? '0')));
  // The sizes ticked now: the colour grid's columns.
  const [ticked, setTicked] = useState(chosenSizes);
  // The list, previews and buttons of the colours need JavaScript; until it runs, plain fields do the job.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  // A picture a colour shows is one after the cover: the ones chosen now, or the stored ones while
  // no new ones are (a single new picture replaces only the cover).
  const storedChoices: PictureChoice[] = (product?.images ?? []).map((name, i) => ({ key: storedPictureKey(name), number: i + FIRST_COLOR_PICTURE, source: { name } }));
  const choices: PictureChoice[] =
    images.length > 1 ? images.slice(1).map((image, i) => ({ key: image.key, number: i + FIRST_COLOR_PICTURE, source: { file: image.file } })) : storedChoices;
  const [colorRows, setColorRows] = useState<ColorRow[]>(() =>
    initialColorRows(Array.isArray(values.colorRows) ? (values.colorRows as ColorRowValues[]) : [], product?.colors.length ?? 0, storedChoices),
  );
  const [colorAdded, setColorAdded] = useState(0);
  const colored = sentRows(colorRows).length > 0;
  const maxImages = colored ? MAX_IMAGES_WITH_COLORS : MAX_PRODUCT_IMAGES;

  // Once the admin submits with JavaScript, the answer of an earlier plain post no longer applies.
  const [submitted, setSubmitted] = useState(false);
  // A colour an unshipped order holds, refused on a plain post, is said beside the colours.
  const colorRefused = !submitted && actionData?.messageKey === 'colorInOpenOrders' ? actionData.toast?.message : undefined;
  const errors = clientErrors ?? { ...errorsByField(actionData?.errors ?? {}), ...(colorRefused && { colors: colorRefused }) };
  const alert = submitted ? formMessage : actionData?.toast?.type === 'error' && !colorRefused ? actionData.toast.message : undefined;
  const success = !submitted && actionData?.ok ? actionData.toast?.message : undefined;
  const uploading = progress !== null;

  useEffect(() => {
    if (focusRequest) focusFirstError(formRef.current);
  }, [focusRequest]);
  useEffect(() => {
    if (actionData?.errors) focusFirstError(formRef.current);
  }, [actionData]);
  // The stock per size comes back when the last colour goes: its total counts from its rows again.
  useEffect(() => {
    if (!colored && formRef.current) setStockTotal(totalOf(formRef.current));
  }, [colored]);

  function showErrors(fieldMessages: Record<string, string>, message?: string) {
    setClientErrors(fieldMessages);
    setFormMessage(message);
    // Every field shows its own message; a toast each would bury a phone's screen, so one says it all.
    const fieldCount = Object.keys(fieldMessages).length;
    if (message) toast.error(message);
    if (fieldCount === 1) toast.error(Object.values(fieldMessages)[0]!);
    if (fieldCount > 1) toast.error(MSG.fixMarkedFields);
    setFocusRequest((n) => n + 1);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    setSubmitted(true);
    // The last attempt's toasts no longer apply.
    toast.dismiss();
    const fields = readProductFields(new FormData(event.currentTarget));
    const checked = (mode === 'add' ? ProductFieldsSchema : ProductPatchSchema).safeParse(fields);
    const byPath: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) byPath[issue.path.join('.')] ??= issue.message;
    const found = errorsByField(byPath);
    if (mode === 'add' && images.length === 0) found.images = MSG.imageCoverRequired;
    if (images.length > maxImages) found.images ??= colored ? MSG.tooManyColorImages : MSG.tooManyImages;
    // A colour left without a name at the end would not be sent at all: ask for it instead.
    sentRows(colorRows).forEach((row, i) => {
      if (!row.name.trim()) found[`colors.${i}`] ??= MSG.colorNameRequired;
    });
    if (Object.keys(found).length) return showErrors(found);

    setClientErrors({});
    setFormMessage(undefined);
    setProgress(0);
    const url = mode === 'add' ? '/api/v1/products' : `/api/v1/products/${product?.id}`;
    const result = await sendMultipart(url, mode === 'add' ? 'POST' : 'PUT', toUploadBody(fields, images.map((i) => i.file)), setProgress);
    setProgress(null);
    if (result.status === 201 || result.status === 200) {
      toast.success(mode === 'add' ? MSG.productAdded : MSG.productUpdated);
      setImages([]);
      if (mode === 'add') {
        setFormKey((k) => k + 1);
        setDescriptionLength(0);
        setStockTotal(0);
        setTicked([]);
        setColorRows([]);
      }
      revalidator.revalidate();
      return;
    }
    const { fields: fieldMessages, message } = readApiErrors(result);
    showErrors(fieldMessages, message);
  }

  /** A chosen picture answers "cover image required" at once; the other messages wait for the next submit. */
  function chooseImages(next: PickedImage[]) {
    setImages(next);
    if (next.length === 0 || !errors.images) return;
    const { images: _answered, ...rest } = errors;
    setClientErrors(rest);
  }

  /** A new colour at the end; a product's first colour starts from the pieces per size typed so far. */
  function addColor() {
    const data = formRef.current ? new FormData(formRef.current) : undefined;
    const flat = colored || !data ? {} : Object.fromEntries(ticked.map((size) => [size, String(data.get(stockFieldName(size)) ?? '0')]));
    setColorRows([...colorRows, newColorRow(flat)]);
    setColorAdded((n) => n + 1);
  }

  function formChanged(form: HTMLFormElement) {
    setStockTotal(totalOf(form));
    const sizes = new FormData(form).getAll('availableSizes').map(String);
    if (sizes.join() !== ticked.join()) setTicked(sizes);
  }

  const percent = Math.round((progress ?? 0) * 100);
  const section = 'flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-5';

  return (
    <form
      key={formKey}
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onChange={(event) => formChanged(event.currentTarget)}
      aria-label={mode === 'add' ? 'إضافة منتج' : 'تعديل المنتج'}
      className="flex flex-col gap-4"
    >
      <FormAlert message={alert} />
      <FormAlert tone="success" message={success} />

      <div className={section}>
        <ImagePicker
          images={images}
          onChange={chooseImages}
          current={product && { cover: product.imageCover, others: product.images }}
          error={errors.images}
          disabled={uploading}
          max={maxImages}
        />
      </div>

      <div className={section}>
        <TextField name="title" label="اسم المنتج" required maxLength={100} defaultValue={text('title')} error={errors.title} />
        <div className="flex flex-col gap-1">
          <TextAreaField
            name="description"
            label="وصف المنتج"
            required
            rows={4}
            defaultValue={text('description')}
            onChange={(event) => setDescriptionLength(event.currentTarget.value.length)}
            error={errors.description}
          />
          <p className={`text-end text-sm ${descriptionLength > DESCRIPTION_MAX ? 'font-semibold text-sale' : 'text-muted'}`}>
            <span className="sr-only">عدد الحروف:</span>
            <Ltr>
              {descriptionLength} / {DESCRIPTION_MAX}
            </Ltr>
          </p>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <CategorySelect categories={categories} defaultValue={text('category')} error={errors.category} />
          <SelectField name="age" label="الفئة العمرية" required options={AGES} placeholder="اختر الفئة" defaultValue={text('age')} error={errors.age} />
          <SelectField name="season" label="الموسم" required options={SEASONS} placeholder="اختر الموسم" defaultValue={text('season')} error={errors.season} />
        </div>
      </div>

      <div className={section}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField name="price" label="السعر (جنيه)" required inputMode="decimal" dir="ltr" autoComplete="off" defaultValue={text('price')} error={errors.price} />
          <TextField
            name="priceAfterDiscount"
            label="السعر بعد الخصم (جنيه)"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            placeholder={mode === 'add' ? 'بدون خصم' : undefined}
            defaultValue={text('priceAfterDiscount')}
            error={errors.priceAfterDiscount}
          />
        </div>
      </div>

      <div className={section}>
        {product && <input type="hidden" name={COLORS_BEFORE_FIELD} value={product.colors.length} />}
        <ColorsSection
          rows={colorRows}
          onChange={setColorRows}
          onAdd={addColor}
          choices={choices}
          enhanced={enhanced}
          errors={errors}
          disabled={uploading}
          added={colorAdded}
        />
      </div>

      <div className={section}>
        <SizesField selected={chosenSizes} error={errors.availableSizes} />
        {/* Without JavaScript both are in the page, and a stylesheet shows the one that applies as colours are named. */}
        {(!enhanced || !colored) && <StockField values={stockValues} seen={flatSeen} errors={errors} total={stockTotal} />}
        {(!enhanced || colored) && <ColorStockGrid rows={colorRows} onChange={setColorRows} sizes={ticked} enhanced={enhanced} errors={errors} />}
      </div>

      <div className={section}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField name="barcode" label="الباركود" maxLength={50} dir="ltr" autoComplete="off" defaultValue={text('barcode')} error={errors.barcode} />
          <TextField name="sale" label="نص العرض" placeholder="مثل: خصم 20%" maxLength={30} autoComplete="off" defaultValue={text('sale')} error={errors.sale} />
        </div>
        <div className="flex flex-col gap-1">
          <input type="hidden" name="availability" value="false" />
          <label className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name="availability"
              value="true"
              defaultChecked={values.availability === undefined || values.availability === 'true'}
              className="size-5 accent-brand-600"
            />
            متاح للبيع
          </label>
          <p className="text-sm text-muted">عند إيقافه يظهر المنتج للمتسوقين «غير متوفر» ولا يمكن شراؤه.</p>
        </div>
        <div className="flex flex-col gap-1">
          <input type="hidden" name="returnable" value="false" />
          <label className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 font-semibold">
            <input
              type="checkbox"
              name="returnable"
              value="true"
              defaultChecked={values.returnable === undefined || values.returnable === 'true'}
              className="size-5 accent-brand-600"
            />
            يقبل الإرجاع والاستبدال
          </label>
          <p className="text-sm text-muted">أوقفه لما لا يُرد بعد فتحه، مثل الملابس الداخلية: يُرفض طلب إرجاعه أو استبداله.</p>
        </div>
      </div>

      {progress !== null && (
        <div className="flex flex-col gap-2 rounded-xl border border-brand-100 bg-brand-50 p-4">
          <label htmlFor="upload-progress" className="flex items-center justify-between gap-2 font-semibold">
            <span>{progress < 1 ? 'جاري رفع المنتج…' : 'جاري معالجة الصور…'}</span>
            <Ltr>{percent}%</Ltr>
          </label>
          <progress id="upload-progress" max={100} value={percent} className="h-2 w-full overflow-hidden rounded-full accent-brand-600" />
        </div>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <SpinnerButton pending={uploading} className="w-full sm:w-auto">
          {mode === 'add' ? 'إضافة المنتج' : 'حفظ التعديلات'}
        </SpinnerButton>
      </div>
    </form>
  );
}
