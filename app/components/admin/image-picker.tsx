/**
 * The product's images (SPEC.md §5): up to five, the first is the cover; up to 30 for a product
 * with colours, whose pictures each colour then picks (color-fields.tsx). Without JavaScript it
 * is a plain multiple file input and the files go with the form in the order chosen. With
 * JavaScript the chosen files collect in a list with previews, where the admin removes one or
 * makes another the cover; the form then sends that list.
 */
import { ImageOff, ImagePlus, Star, X } from 'lucide-react';
import { FieldMessage } from '../account/form-field.tsx';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../enhance/toast.ts';
import { IMAGE_VARIANTS, MAX_PRODUCT_IMAGES, MAX_UPLOAD_BYTES } from '../../../contracts/constants.ts';
import { MSG } from '../../../contracts/messages.ts';
import { Ltr } from '../../lib/format.tsx';
import { productImage } from '../../lib/images.ts';
import { useImagesUrl } from '../../lib/root-data.ts';

export interface PickedImage {
  /** Stable across reorders, for React and for the announcements. */
  key: string;
  file: File;
}

/** Wide enough for a sharp preview tile on a 3x phone screen, small enough to keep in memory. */
const PREVIEW_WIDTH = 360;

/**
 * A small JPEG data URL of the file. The shop's Content-Security-Policy allows data: images but
 * not blob: ones, and a resized copy keeps five 5 MB photos from sitting in the page whole.
 */
async function makePreview(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file, { resizeWidth: PREVIEW_WIDTH, resizeQuality: 'medium' });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** One preview per file, shared by the picker and the colours' picture choices. */
const previews = new WeakMap<File, Promise<string>>();

function previewOf(file: File): Promise<string> {
  let preview = previews.get(file);
  if (!preview) {
    preview = makePreview(file);
    previews.set(file, preview);
  }
  return preview;
}

export function usePreview(file: File): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    let live = true;
    previewOf(file).then(
      (src) => live && setState({ src, failed: false }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return state;
}

export const TILE = 'relative aspect-[417/555] w-full overflow-hidden rounded-lg border border-line bg-surface';

function CoverBadge() {
  return (
    <span className="absolute start-1.5 top-1.5 inline-flex items-center gap-1 rounded-md bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
      <Star aria-hidden className="size-3.5 fill-current" />
      الغلاف
    </span>
  );
}

/** A picture's number, by which a colour names its pictures (the cover is 1); the image's name says it to screen readers. */
export function PictureNumber({ number }: { number: number }) {
  return (
    <span aria-hidden className="absolute bottom-1.5 end-1.5 min-w-6 rounded-md bg-white/90 px-1.5 text-center text-xs font-bold text-ink ring-1 ring-black/10">
      {number}
    </span>
  );
}

function Preview({ image, index, onRemove, onMakeCover, disabled }: {
  image: PickedImage;
  index: number;
  onRemove: () => void;
  onMakeCover: () => void;
  disabled?: boolean;
}) {
  const { src, failed } = usePreview(image.file);
  const number = index + 1;
  const button =
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <li className="flex min-w-0 flex-col gap-2">
      <div className={TILE}>
        {src ? (
          <img src={src} alt={`الصورة ${number}: ${image.file.name}`} className="size-full object-cover" />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted">
            {failed ? <ImageOff aria-hidden className="size-6" /> : null}
            <span className="break-all">{image.file.name}</span>
          </span>
        )}
        {index === 0 && <CoverBadge />}
        <PictureNumber number={number} />
      </div>
      <div className="flex flex-wrap gap-1.5">
        {index > 0 && (
          <button
            type="button"
            onClick={onMakeCover}
            disabled={disabled}
            aria-label={`اجعل الصورة ${number} الغلاف`}
            className={`${button} flex-1 border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}
          >
            <Star aria-hidden className="size-4" />
            <span className="max-sm:sr-only">غلاف</span>
          </button>
        )}
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`إزالة الصورة ${number}`}
          className={`${button} flex-1 border-sale/50 bg-white text-sale hover:bg-red-50`}
        >
          <X aria-hidden className="size-4" />
          <span className="max-sm:sr-only">إزالة</span>
        </button>
      </div>
    </li>
  );
}

interface ImagePickerProps {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** The product's stored images, shown while no new ones are chosen (editing). */
  current?: { cover: string; others: string[] };
  error?: string;
  /** While the form uploads: the list must not change under it. */
  disabled?: boolean;
  /** The most pictures, the cover included: more for a product with colours. */
  max?: number;
}

let nextKey = 0;

export function ImagePicker({ images, onChange, current, error, disabled, max = MAX_PRODUCT_IMAGES }: ImagePickerProps) {
  const imagesUrl = useImagesUrl();
  // The list, previews and buttons need JavaScript; until it runs the native input does the job.
  const [enhanced, setEnhanced] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => setEnhanced(true), []);

  const full = images.length >= max;

  function add(files: FileList | null) {
    if (!files?.length) return;
    const accepted: PickedImage[] = [];
    for (const file of files) {
      if (!file.type.startsWith('image/')) toast.error(`${file.name}: ${MSG.imageOnly}`);
      else if (file.size > MAX_UPLOAD_BYTES) toast.error(`${file.name}: ${MSG.imageTooLarge}`);
      else accepted.push({ key: `image-${nextKey++}`, file });
    }
    const room = max - images.length;
    if (accepted.length > room) toast.error(max > MAX_PRODUCT_IMAGES ? MSG.tooManyColorImages : MSG.tooManyImages);
    const added = accepted.slice(0, Math.max(room, 0));
    if (added.length) {
      onChange([...images, ...added]);
      setAnnouncement(`تمت إضافة ${added.length} من الصور، المجموع ${images.length + added.length} من ${max}`);
    }
  }

  function remove(index: number) {
    onChange(images.filter((_, i) => i !== index));
    setAnnouncement(`أزيلت الصورة ${index + 1}`);
    // The pressed button is gone: keep the keyboard in the picker.
    input.current?.focus();
  }

  function makeCover(index: number) {
    const chosen = images[index];
    if (!chosen) return;
    onChange([chosen, ...images.filter((_, i) => i !== index)]);
    setAnnouncement(`أصبحت الصورة ${index + 1} صورة الغلاف`);
    list.current?.focus();
  }

  const hintId = 'field-images-hint';
  const errorId = 'field-images-error';
  const showCurrent = current && images.length === 0;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={hintId}>
      <legend className="mb-1 font-semibold">صور المنتج</legend>
      <p id={hintId} className="text-sm text-muted">
        حتى <Ltr>{max}</Ltr> {max > 10 ? 'صورة' : 'صور'}، الأولى هي صورة الغلاف. JPEG أو PNG أو WebP، بحد أقصى <Ltr>{MAX_UPLOAD_BYTES / 1024 / 1024}</Ltr> ميجابايت للصورة.
        {current && ' الصور الجديدة تحل محل الصور الحالية.'}
      </p>

      {showCurrent && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold">الصور الحالية</p>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
            {[current.cover, ...current.others].map((name, i) => (
              <li key={name} className={TILE}>
                <img
                  src={productImage(name, imagesUrl).thumb}
                  srcSet={`${productImage(name, imagesUrl).thumb} ${IMAGE_VARIANTS.thumb.width}w, ${productImage(name, imagesUrl).src} ${IMAGE_VARIANTS.card.width}w`}
                  sizes="(min-width: 640px) 180px, 30vw"
                  width={IMAGE_VARIANTS.thumb.width}
                  height={IMAGE_VARIANTS.thumb.height}
                  alt={i === 0 ? 'صورة الغلاف الحالية' : `الصورة الحالية ${i + 1}`}
                  className="size-full object-cover"
                />
                {i === 0 && <CoverBadge />}
                <PictureNumber number={i + 1} />
              </li>
            ))}
          </ul>
        </div>
      )}

      {images.length > 0 && (
        <ol ref={list} tabIndex={-1} aria-label="الصور المختارة" className="grid grid-cols-2 gap-3 outline-none sm:grid-cols-3 lg:grid-cols-5">
          {images.map((image, i) => (
            <Preview
              key={image.key}
              image={image}
              index={i}
              disabled={disabled}
              onRemove={() => remove(i)}
              onMakeCover={() => makeCover(i)}
            />
          ))}
        </ol>
      )}
      {current && images.length === 1 && current.others.length > 0 && (
        <p className="text-sm text-muted">صورة واحدة جديدة تحل محل الغلاف فقط، وتبقى الصور الإضافية الحالية.</p>
      )}

      <div className="flex flex-col gap-1.5">
        <input
          ref={input}
          id="field-images"
          type="file"
          name="images"
          accept="image/*"
          multiple
          // The count drawn inside the label is not part of the field's name.
          aria-label="اختر صور المنتج"
          disabled={enhanced && (disabled || full)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={
            enhanced
              ? (event) => {
                  add(event.currentTarget.files);
                  // The list holds the files now; an empty input lets the same file be chosen again.
                  event.currentTarget.value = '';
                }
              : undefined
          }
          className={
            enhanced
              ? 'peer sr-only'
              : 'order-last w-full text-sm file:me-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-600 file:px-4 file:font-semibold file:text-white'
          }
        />
        <label
          htmlFor="field-images"
          className={
            enhanced
              ? 'inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-lg border border-dashed border-brand-500 bg-brand-50 px-4 font-semibold text-brand-700 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-50'
              : 'font-semibold'
          }
        >
          {enhanced && <ImagePlus aria-hidden className="size-5" />}
          اختر صور المنتج
          {enhanced && (
            // The status line announces the count.
            <span aria-hidden className="text-sm font-normal text-muted">
              <Ltr>
                ({images.length} / {max})
              </Ltr>
            </span>
          )}
        </label>
        <FieldMessage id={errorId} message={error} className="order-last" />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
