/**
 * The add and edit category form: a name and an image picker with a live preview, posted as
 * multipart (SPEC.md §7). Checked in the browser with the server's CategorySchema first; after
 * an add succeeds the image, preview and name are cleared (SPEC.md §4 "Forms").
 */
import { ImageIcon, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { CategorySchema } from '../../../contracts/schemas.ts';
import { categoryImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';
import { useActionToasts, type ActionResult } from '../../lib/toast.ts';
import { FieldMessage, FormAlert, TextField } from '../account/form-field.tsx';
import { useFormValidation } from '../account/form-validation.ts';
import { SpinnerButton } from '../account/spinner-button.tsx';

export type CategoryActionData = ActionResult & { values?: Record<string, unknown> };

/** The browser's check of the picked file; the server checks the bytes again. */
function imageField(required: boolean) {
  return z.unknown().superRefine((value, ctx) => {
    const file = typeof File !== 'undefined' && value instanceof File && value.size > 0 ? value : undefined;
    if (!file) {
      if (required) ctx.addIssue({ code: 'custom', message: MSG.categoryImageRequired });
      return;
    }
    // An empty type is a format the browser does not know (HEIF on some systems): the server decides.
    if (file.type !== '' && !file.type.startsWith('image/')) ctx.addIssue({ code: 'custom', message: MSG.imageOnly });
    else if (file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: 'custom', message: MSG.imageTooLarge });
  });
}

const ADD_SCHEMA = CategorySchema.extend({ image: imageField(true) });
const EDIT_SCHEMA = CategorySchema.extend({ image: imageField(false) });

/** A picked file as an object URL, released when another is picked or the form goes away. */
function usePickedImage() {
  const [picked, setPicked] = useState<{ preview: string; name: string }>();
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.preview) : undefined), [picked]);
  return [picked, setPicked] as const;
}

function ImagePicker({
  error,
  current,
  preview,
  fileName,
  onPick,
}: {
  error?: string;
  current?: string;
  preview?: string;
  fileName?: string;
  onPick: (file?: File) => void;
}) {
  const id = 'field-image';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shown = preview ?? current;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold">
        صورة التصنيف
      </label>
      <div className="flex items-center gap-4">
        <div
          className={`flex h-32 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-surface ${error ? 'border-sale' : 'border-dashed border-line'}`}
        >
          {shown ? (
            <img src={shown} alt={preview ? 'معاينة الصورة المختارة' : 'الصورة الحالية للتصنيف'} width={96} height={128} className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-muted" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {/* The native picker, invisible over a button in the shop's language (its own text follows the browser's). */}
          <div className="relative self-start">
            <input
              id={id}
              name="image"
              type="file"
              accept="image/*"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : hintId}
              onChange={(event) => onPick(event.currentTarget.files?.[0])}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white peer-hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
            >
              <Upload className="size-5" />
              اختر صورة
            </span>
          </div>
          {fileName && <p className="truncate text-sm font-semibold" dir="auto">{fileName}</p>}
          <p id={hintId} className="text-sm text-muted">
            JPEG أو PNG أو WebP، حتى <bdi dir="ltr">{MAX_UPLOAD_BYTES / 1024 / 1024}</bdi> ميجابايت
          </p>
        </div>
      </div>
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

export function CategoryForm({
  mode,
  actionData,
  pending,
  name = '',
  currentImage,
}: {
  mode: 'add' | 'edit';
  actionData: CategoryActionData | undefined;
  pending: boolean;
  /** The saved name, for editing. */
  name?: string;
  /** The saved image's file name, for editing. */
  currentImage?: string;
}) {
  const imagesUrl = useImagesUrl();
  const { formRef, onSubmit, errors } = useFormValidation(mode === 'add' ? ADD_SCHEMA : EDIT_SCHEMA, actionData?.errors);
  const [picked, setPicked] = usePickedImage();
  useActionToasts(actionData);

  useEffect(() => {
    if (!actionData?.ok) return;
    // The saved form starts over: an added category leaves an empty form, an edited one its new values.
    formRef.current?.reset();
    setPicked(undefined);
  }, [actionData, formRef, setPicked]);

  const failed = actionData?.ok === false;
  const typedName = failed && typeof actionData.values?.name === 'string' ? actionData.values.name : name;
  const saved = actionData?.ok ? actionData.toast?.message : undefined;

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="flex max-w-xl flex-col gap-5 rounded-xl border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <FormAlert message={actionData?.toast?.type === 'error' ? actionData.toast.message : undefined} />
      {saved && (
        <noscript>
          <FormAlert tone="success" message={saved} />
        </noscript>
      )}
      <TextField name="name" label="اسم التصنيف" required maxLength={50} autoComplete="off" defaultValue={typedName} error={errors.name} />
      <ImagePicker
        error={errors.image}
        current={currentImage ? categoryImage(currentImage, imagesUrl).src : undefined}
        preview={picked?.preview}
        fileName={picked?.name}
        onPick={(file) => setPicked(file ? { preview: URL.createObjectURL(file), name: file.name } : undefined)}
      />
      <SpinnerButton pending={pending} className="w-full sm:w-auto sm:self-start">
        {mode === 'add' ? 'إضافة التصنيف' : 'حفظ التعديلات'}
      </SpinnerButton>
    </Form>
  );
}
