/**
 * The zod schemas of every input the store accepts, with SPEC.md §5's Arabic messages. The
 * server validates with them and the forms reuse them, so a rule is written once.
 */
import { z } from 'zod';
import {
  COLOR_NAME_MAX,
  AGES,
  DESCRIPTION_MAX,
  KEYWORD_MAX,
  MAX_PAGE_SIZE,
  NAME_MAX,
  NAME_MIN,
  PAGE_SIZE,
  PASSWORD_MIN,
  PHONE_PATTERN,
  REVIEW_MAX,
  SEASONS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  SIZES,
} from './constants.ts';
import { GOVERNORATES } from './governorates.ts';
import { MSG } from './messages.ts';
import { foldColorName } from './normalize-arabic.ts';
import { RESET_CODE_DIGITS } from './whatsapp.ts';

// In the browser, zod's compiled fast path would first probe `new Function`, which the pages'
// CSP forbids (a reported violation on every page that validates a form). It must be off before
// the first schema below is built; on the server the compiled path stays.
if (typeof document !== 'undefined') z.config({ jitless: true });

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined || issue.input === null) return MSG.required;
      if (issue.expected === 'number' || issue.expected === 'int') return MSG.mustBeNumber;
      if (issue.expected === 'string') return MSG.mustBeText;
    }
    return MSG.invalidValue;
  },
});

/** Arabic-Indic digits become ASCII ones; spaces and dashes (as people write phone numbers) go. */
export const toAsciiDigits = (value: unknown) =>
  typeof value === 'string'
    ? value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\s-]/g, '')
    : value;

/**
 * An amount typed in a form, as a number: Arabic-Indic digits and decimal separator (٫) read as
 * the ASCII ones, a minus sign kept for the schema to refuse; anything else not a number is NaN.
 */
export const typedNumber = (text: string): number =>
  Number(
    text
      .trim()
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/\u066B/g, '.'),
  );

// Control characters never belong in a shopper's or an admin's text, and PostgreSQL cannot
// store a NUL byte in a text column at all; tab and line breaks are kept.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const withoutControlCharacters = (text: string) => text.search(CONTROL_CHARACTERS) === -1;

/** The text with its control characters dropped, for inputs that forgive them (the search box). */
export const removeControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, '');

/** Free text: refused, with a clear message, when it holds control characters. */
export const plainText = (error?: string) => z.string(error ? { error } : undefined).refine(withoutControlCharacters, MSG.invalidCharacters);

/** A required text field: missing, blank or only spaces all give `requiredMsg`. */
export const requiredText = (requiredMsg: string) =>
  z
    .string({ error: (iss) => (iss.input == null ? requiredMsg : MSG.mustBeText) })
    .trim()
    .min(1, { message: requiredMsg, abort: true })
    .refine(withoutControlCharacters, { message: MSG.invalidCharacters, abort: true });

/** An Egyptian mobile number; Arabic-Indic digits, spaces and dashes are accepted and folded. */
export const phoneField = (requiredMsg: string = MSG.phoneRequired) =>
  z.preprocess(toAsciiDigits, requiredText(requiredMsg).regex(PHONE_PATTERN, MSG.phoneInvalid));

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const IdSchema = z.string({ error: MSG.invalidId }).regex(UUID, MSG.invalidId);
export const IdParamsSchema = z.object({ id: IdSchema });

export const LoginSchema = z.object({
  phone: phoneField(),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired),
});
export type Login = z.infer<typeof LoginSchema>;

/** A new password and its confirmation, as signup and a password change both take them. */
const newPasswordFields = {
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { message: MSG.passwordRequired, abort: true })
    .min(PASSWORD_MIN, MSG.passwordTooShort),
  passwordConfirm: z.string({ error: MSG.passwordConfirmRequired }).min(1, MSG.passwordConfirmRequired),
};
/** The confirmation must repeat the password (an empty one already has its own message). */
const passwordsMatch = (v: { password: string; passwordConfirm: string }) => v.passwordConfirm === '' || v.password === v.passwordConfirm;
const PASSWORD_MISMATCH = { message: MSG.passwordMismatch, path: ['passwordConfirm'] };

export const SignupSchema = z
  .object({
    name: requiredText(MSG.nameRequired).min(NAME_MIN, MSG.nameTooShort).max(NAME_MAX, MSG.nameTooLong),
    phone: phoneField(),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type Signup = z.infer<typeof SignupSchema>;

/** A signed-in user's own password change; the new password follows signup's rules. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** POST /auth/forgot-password and the /forgot-password page: the phone to send a code to. */
export const ForgotPasswordSchema = z.object({ phone: phoneField() });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/**
 * POST /auth/reset-password and the /reset-password page: the phone, the code it received and
 * the new password with its confirmation, held to signup's rules. The code may be typed in
 * Arabic-Indic digits or with spaces, as a phone may.
 */
export const ResetPasswordSchema = z
  .object({
    phone: phoneField(),
    code: z.preprocess(
      toAsciiDigits,
      z
        .string({ error: (issue) => (issue.input == null ? MSG.resetCodeRequired : MSG.mustBeText) })
        .min(1, { message: MSG.resetCodeRequired, abort: true })
        .regex(new RegExp(`^[0-9]{${RESET_CODE_DIGITS}}$`), MSG.resetCodeFormat),
    ),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const ShippingAddressSchema = z.object({
  details: requiredText(MSG.detailsRequired).max(300, MSG.detailsTooLong),
  phone: phoneField(MSG.shippingPhoneRequired),
  shippingCity: requiredText(MSG.cityRequired).pipe(z.enum(GOVERNORATES, { error: MSG.cityInvalid })),
  /** The area within the governorate, where a courier delivers (API.md "shipping by governorate"). */
  district: requiredText(MSG.districtRequired).min(2, MSG.districtLength).max(60, MSG.districtLength),
  postalCode: z.preprocess(toAsciiDigits, z.string().regex(/^[0-9]{5}$/, MSG.invalidValue)).optional(),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;
export const PlaceOrderSchema = z.object({
  shippingAddress: ShippingAddressSchema,
  paymentMethodType: z.enum(PAYMENT_METHODS, { error: MSG.paymentMethodInvalid }).default('cash'),
});
export type PlaceOrder = z.infer<typeof PlaceOrderSchema>;

/** Pounds from 0 to `max`, in whole piastres. */
const poundsUpTo = (max: number, message: string, min = 0) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message);

/** PUT /shipping: any part of GET /shipping's shape; each governorate at most once. */
export const ShippingRulesSchema = z
  .object({
    fees: z
      .array(
        z.object({
          governorate: z.enum(GOVERNORATES, { error: MSG.cityInvalid }),
          fee: poundsUpTo(1000, MSG.shippingFeeInvalid).describe('In pounds, 0 to 1000, two decimals at most'),
        }),
        { error: MSG.invalidValue },
      )
      .max(GOVERNORATES.length, MSG.governorateRepeated)
      .refine((fees) => new Set(fees.map((f) => f.governorate)).size === fees.length, MSG.governorateRepeated)
      .optional(),
    freeShippingFrom: poundsUpTo(1_000_000, MSG.freeShippingFromInvalid)
      .refine((v) => v > 0, MSG.freeShippingFromInvalid)
      .nullable()
      .optional()
      .describe('An items total (pounds) from which shipping is free; null turns free shipping off'),
    codFee: poundsUpTo(1000, MSG.codFeeInvalid).optional().describe('Added to cash orders, in pounds'),
  });
export type ShippingRulesChange = z.infer<typeof ShippingRulesSchema>;

export const AddToCartSchema = z.object({
  productId: IdSchema,
  color: plainText(MSG.sizeInvalid).trim().min(1, MSG.sizeFirst).optional().describe('The size'),
  colorName: plainText(MSG.chooseColor)
    .trim()
    .max(100, MSG.chooseColor)
    .optional()
    .describe("One of the product's colours, matched ignoring case and Arabic spelling variants: required for a product with colours, ignored for one without"),
});
export type AddToCart = z.infer<typeof AddToCartSchema>;
export const UpdateCartItemSchema = z.object({
  count: z
    .number({ error: (iss) => (iss.input == null ? MSG.required : MSG.mustBeNumber) })
    .int(MSG.mustBeWholeNumber)
    .min(1, MSG.countMin)
    // No product holds more than a million pieces (the stock limit), so more is never in stock.
    .max(1_000_000, MSG.notEnoughStock),
});
export const WishlistSchema = z.object({ productId: IdSchema });

export const ReviewSchema = z.object({
  review: requiredText(MSG.reviewRequired).max(REVIEW_MAX, MSG.reviewTooLong),
  rating: z
    .number({ error: MSG.ratingInvalid })
    .min(0.5, { message: MSG.ratingInvalid, abort: true })
    .max(5, { message: MSG.ratingInvalid, abort: true })
    .refine((r) => Number.isInteger(r * 2), MSG.ratingInvalid),
});
export type Review = z.infer<typeof ReviewSchema>;

export const CategorySchema = z.object({
  name: requiredText(MSG.categoryNameRequired).max(50, MSG.categoryNameTooLong).meta({ description: 'Unique among the categories' }),
});

// toAsciiDigits drops dashes (they belong in phone numbers), so a leading minus is kept apart: "-1" is -1, never 1.
const toNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== ''
    ? (value.trim().startsWith('-') ? -1 : 1) * Number(toAsciiDigits(value))
    : value === ''
      ? undefined
      : value;

const money = (requiredMsg: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input == null ? requiredMsg : MSG.priceInvalid) })
      .positive(MSG.priceInvalid)
      .max(1_000_000, MSG.priceInvalid)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MSG.priceInvalid),
  );

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const asArray = (value: unknown) => (value === undefined || Array.isArray(value) ? value : [value]);
const asBoolean = (value: unknown) =>
  value === 'true' || value === '1' || value === 'on' ? true : value === 'false' || value === '0' ? false : value;

const pieces = z.coerce
  .number({ error: MSG.quantityInvalid })
  .int(MSG.quantityInvalid)
  .min(0, MSG.quantityInvalid)
  .max(1_000_000, MSG.quantityInvalid);

const parseJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return Symbol('unparsable');
  }
};

const stockPieces = z.preprocess(toNumber, z.number({ error: MSG.stockInvalid }).int(MSG.stockInvalid).min(0, MSG.stockInvalid).max(1_000_000, MSG.stockInvalid));

/** Pieces per size: `{"M": 4, "L": 0}`. */
const SizeStockSchema = z.record(
  z.string().refine((s) => SIZES.includes(s), MSG.sizeInvalid),
  stockPieces,
  // A key outside the size list is reported by the record itself, as invalid_key.
  { error: (issue) => (issue.code === 'invalid_key' ? MSG.sizeInvalid : MSG.stockInvalid) },
);

/** Pieces per colour then size: `{"أسود": {"M": 4}, "كحلي": {"M": 2}}` (API.md "Additions: colours beside sizes"). */
const ColorStockSchema = z.record(z.string().trim().min(1, MSG.colorNameRequired).max(COLOR_NAME_MAX, MSG.colorNameTooLong), SizeStockSchema, { error: MSG.stockInvalid });

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Pieces per size (API.md "Stock per size"), or per colour then size for a product with colours,
 * as an object or the JSON text of one: an object whose values are objects is read by colour.
 */
export const StockSchema = z.preprocess(
  parseJson,
  // A record, so the API's document states that stock is an object (its two shapes are told apart below).
  z.record(z.string(), z.unknown(), { error: MSG.stockInvalid }).transform((value, ctx): StockInput => {
    const schema = Object.values(value).some(isPlainObject) ? ColorStockSchema : SizeStockSchema;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }),
);
export type StockInput = Record<string, number> | Record<string, Record<string, number>>;

/** True when `stock` is given per colour (its values are pieces per size). */
export const isColorStock = (stock: StockInput): stock is Record<string, Record<string, number>> =>
  Object.values(stock).some((value) => typeof value === 'object');

/** `stock` may name only sizes of `availableSizes` (checked against the product's sizes in core on an edit without them). */
const stockNamesOnlyOfferedSizes = (p: { stock?: StockInput; availableSizes?: string[] }) => {
  if (!p.stock || !p.availableSizes) return true;
  const sizes = isColorStock(p.stock) ? Object.values(p.stock).flatMap((bySize) => Object.keys(bySize)) : Object.keys(p.stock);
  return sizes.every((size) => p.availableSizes!.includes(size));
};

/** Up to 12 colours a product comes in. */
export const MAX_COLORS = 12;
/** With colours: pictures per colour, and in all (the cover with the other images). */
export const MAX_COLOR_IMAGES = 5;
export const MAX_IMAGES_WITH_COLORS = 30;

/** One colour as the product form sends it: `images` index the product's images. */
const ColorInputSchema = z.object(
  {
    name: z.string({ error: MSG.colorNameRequired }).trim().min(1, MSG.colorNameRequired).max(COLOR_NAME_MAX, MSG.colorNameTooLong),
    hex: z
      .string({ error: MSG.colorHexInvalid })
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, MSG.colorHexInvalid)
      .transform((hex) => hex.toLowerCase()),
    images: z.array(z.number({ error: MSG.colorImageInvalid }).int(MSG.colorImageInvalid).min(0, MSG.colorImageInvalid), { error: MSG.colorImageInvalid }).max(MAX_COLOR_IMAGES, MSG.tooManyColorImages).default([]),
  },
  { error: MSG.colorsInvalid },
);

/** A product's colours, in order: an array or the JSON text of one; names unique ignoring case. */
export const ColorsSchema = z.preprocess(
  parseJson,
  z
    .array(ColorInputSchema, { error: MSG.colorsInvalid })
    .max(MAX_COLORS, MSG.tooManyColors)
    .refine((colors) => new Set(colors.map((c) => foldColorName(c.name))).size === colors.length, MSG.colorNameRepeated),
);
export type ColorInput = z.infer<typeof ColorInputSchema>;

// The descriptions below are the product form's in the API's OpenAPI document (server/api/products.ts),
// which is generated from these schemas: they say what a limit here cannot (whole piastres, which sizes).
const barcodeText = plainText().trim().max(50, MSG.barcodeTooLong);
const saleText = plainText().trim().max(30, MSG.saleTooLong).describe('An offer shown on the product, e.g. "خصم 20%"');
const availabilityFlag = z
  .preprocess(asBoolean, z.boolean({ error: MSG.invalidValue }))
  .describe('False takes the product off sale (a new product is on sale unless it says so)');

const returnableFlag = z
  .preprocess(asBoolean, z.boolean({ error: MSG.invalidValue }))
  .describe('False for what the shop does not take back once opened, such as underwear: returns of it are refused (a new product is returnable unless it says so)');

/** The product form's fields, as multipart text or JSON; files are handled beside it. */
const ProductFieldsBase = z.object({
    title: requiredText(MSG.titleRequired).max(100, MSG.titleTooLong),
    description: requiredText(MSG.descriptionRequired).max(DESCRIPTION_MAX, MSG.descriptionTooLong),
    category: z.string({ error: MSG.categoryRequired }).min(1, MSG.categoryRequired).pipe(IdSchema).meta({ description: "The category's _id", format: 'uuid' }),
    price: z.preprocess(blankToUndefined, money(MSG.priceRequired)).describe('In pounds, in whole piastres (two decimals at most)'),
    priceAfterDiscount: z
      .preprocess(blankToUndefined, money(MSG.priceRequired).optional())
      .describe('In pounds, in whole piastres, at most the price (a new product without one sells at its price)'),
    /** Read only in answers; sent alone (no `stock`), it is spread over the sizes (API.md). */
    quantity: z
      .preprocess(blankToUndefined, pieces.optional())
      .describe(
        'Sent alone (without stock): the pieces to spread over the sizes as evenly as whole pieces allow, first sizes first (7 over s, m, l is 3, 2, 2). ' +
          'Ignored when stock is sent. A new product needs stock or quantity',
      ),
    /** Pieces per size, `{"M": 4, "L": 0}`; a multipart field holds it as JSON. */
    stock: z
      .preprocess(blankToUndefined, StockSchema.optional())
      .describe(
        'Pieces per size, a JSON object such as {"m": 4, "l": 0} (a form field holds its JSON text): whole numbers, only sizes of availableSizes; a size left out has 0. ' +
          'For a product with colours, per colour name then size: {"أسود": {"m": 4, "l": 0}, "كحلي": {"m": 2}} (a pair left out has 0). ' +
          'Wins over quantity when both are sent. On an edit that changes only availableSizes or colors, the pairs kept keep their pieces and new ones start at 0',
      ),
    colors: z
      .preprocess(blankToUndefined, ColorsSchema.optional())
      .describe(
        'The colours, in order, as JSON [{"name": "كحلي", "hex": "#1f2a44", "images": [0, 1]}] (a form field holds its JSON text): up to 12, names unique ignoring case, ' +
          "images index the product's images (as uploaded, or as they are on an edit that sends none), 5 at most per colour. " +
          'On an edit, colours are matched to the stored ones by position (a new name is a rename); one missing at the end is removed. [] removes every colour',
      ),
    age: z.enum(AGES, { error: MSG.ageInvalid }),
    season: z.enum(SEASONS, { error: MSG.seasonInvalid }),
    availableSizes: z
      .preprocess(
        asArray,
        z
          .array(z.string().refine((s) => SIZES.includes(s), MSG.sizeInvalid).meta({ enum: [...SIZES] }), { error: MSG.sizesRequired })
          .min(1, MSG.sizesRequired)
          .transform((sizes) => SIZES.filter((s) => sizes.includes(s))),
      )
      .describe('A field per size'),
    barcode: barcodeText.default(''),
    sale: saleText.default(''),
    availability: availabilityFlag.default(true),
    returnable: returnableFlag.default(true),
});
export const ProductFieldsSchema = ProductFieldsBase.refine((p) => p.priceAfterDiscount === undefined || p.priceAfterDiscount <= p.price, {
    message: MSG.discountAbovePrice,
    path: ['priceAfterDiscount'],
  })
  .refine((p) => p.stock !== undefined || p.quantity !== undefined, {
    message: MSG.quantityInvalid,
    path: ['quantity'],
    // Named with the other broken rules, unless quantity or stock was already refused.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'quantity' || issue.path?.[0] === 'stock'),
  })
  .refine(stockNamesOnlyOfferedSizes, { message: MSG.stockSizeNotOffered, path: ['stock'] });
export type ProductFields = z.infer<typeof ProductFieldsSchema>;
/** Editing: every field optional, the same rules for the ones sent. */
export const ProductPatchSchema = ProductFieldsBase.partial()
  .extend({
    barcode: barcodeText.optional(),
    sale: saleText.optional(),
    availability: availabilityFlag.optional(),
    returnable: returnableFlag.optional(),
  })
  .refine((p) => p.priceAfterDiscount === undefined || p.price === undefined || p.priceAfterDiscount <= p.price, {
    message: MSG.discountAbovePrice,
    path: ['priceAfterDiscount'],
  })
  .refine(stockNamesOnlyOfferedSizes, { message: MSG.stockSizeNotOffered, path: ['stock'] });
export type ProductPatch = z.infer<typeof ProductPatchSchema>;
/**
 * An edit's `stockSeen`: the pieces per size the admin's form showed before the edit, read by
 * the rules of `stock` (core's updateProduct keeps what a size has now when its stock is sent as seen).
 */
export const StockSeenSchema = z.object({
  stockSeen: z
    .preprocess(blankToUndefined, StockSchema.optional())
    .describe(
      'The pieces per size the client showed before this edit, like stock: a size whose stock is sent unchanged from what was seen keeps the pieces it has now, so orders placed meanwhile are not undone',
    ),
});

export const OrderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES, { error: MSG.statusInvalid }) });

export const UpdateRoleSchema = z.object({ role: z.enum(['user', 'admin'], { error: MSG.roleInvalid }) });

export const NewsletterSchema = z.object({
  email: requiredText(MSG.emailRequired).max(254, MSG.emailInvalid).pipe(z.email({ error: MSG.emailInvalid })).transform((e) => e.toLowerCase()),
});

const pageNumber = z.preprocess(blankToUndefined, z.coerce.number({ error: MSG.mustBeWholeNumber }).int(MSG.mustBeWholeNumber).min(1, MSG.invalidValue).default(1));
const pageLimit = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: MSG.mustBeWholeNumber }).int(MSG.mustBeWholeNumber).min(1, MSG.invalidValue).default(PAGE_SIZE).transform((l) => Math.min(l, MAX_PAGE_SIZE)),
);
export const PageQuerySchema = z.object({ page: pageNumber, limit: pageLimit });
/** Categories: all of them fit in one default page (API.md). */
export const CategoriesQuerySchema = z.object({
  page: pageNumber,
  limit: z.preprocess(blankToUndefined, z.coerce.number({ error: MSG.mustBeWholeNumber }).int(MSG.mustBeWholeNumber).min(1, MSG.invalidValue).max(MAX_PAGE_SIZE, MSG.invalidValue).default(MAX_PAGE_SIZE)),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
/** GET /orders: paging and, for admins, one status. */
export const OrdersQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES, { error: MSG.statusInvalid }).optional()),
});
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;

export const UsersQuerySchema = PageQuerySchema.extend({
  phone: z.preprocess(blankToUndefined, z.preprocess(toAsciiDigits, z.string().max(11, MSG.phoneInvalid).regex(/^[0-9]*$/, MSG.phoneInvalid)).optional()),
});

const bound = z.preprocess(blankToUndefined, z.coerce.number({ error: MSG.mustBeNumber }).min(0, MSG.invalidValue).optional());
export const PRODUCT_SORTS = ['createdAt', 'priceAfterDiscount', 'price', 'title', 'ratingsAverage', 'quantity'] as const;
export type ProductSortField = (typeof PRODUCT_SORTS)[number];

/** The listing query of GET /products, as qs parses `category[in][]` and `priceAfterDiscount[lte]`. */
export const ProductsQuerySchema = PageQuerySchema.extend({
  category: z
    .union([IdSchema, z.object({ in: z.preprocess(asArray, z.array(IdSchema).max(50, MSG.invalidValue)) })], { error: MSG.invalidId })
    .optional()
    .transform((c) => (c === undefined ? undefined : typeof c === 'string' ? [c] : c.in)),
  season: z.preprocess(blankToUndefined, z.enum(SEASONS, { error: MSG.seasonInvalid }).optional()),
  age: z.preprocess(blankToUndefined, z.enum(AGES, { error: MSG.ageInvalid }).optional()),
  availability: z.preprocess(blankToUndefined, z.preprocess(asBoolean, z.boolean({ error: MSG.invalidValue })).optional()),
  priceAfterDiscount: z.object({ lte: bound, gte: bound, lt: bound, gt: bound }, { error: MSG.invalidValue }).optional(),
  keyword: z.preprocess(blankToUndefined, plainText(MSG.mustBeText).trim().max(KEYWORD_MAX, MSG.keywordTooLong).optional()),
  /** Only products with pieces in this colour (its name, ignoring case), this size, or that pair. */
  colorName: z.preprocess(blankToUndefined, plainText(MSG.mustBeText).trim().max(COLOR_NAME_MAX, MSG.colorNameTooLong).optional()),
  size: z.preprocess(blankToUndefined, z.string({ error: MSG.sizeInvalid }).refine((s) => SIZES.includes(s), MSG.sizeInvalid).optional()),
  sort: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MSG.sortInvalid })
      .transform((s) => s.split(',').map((part) => part.trim()).filter(Boolean))
      .pipe(
        z.array(
          z.string().refine((part) => (PRODUCT_SORTS as readonly string[]).includes(part.replace(/^-/, '')), MSG.sortInvalid),
        ).max(3, MSG.sortInvalid),
      )
      .optional(),
  ),
});
/** A listing query: paging plus any of the filters (callers in the server may omit the ones they do not use). */
export type ProductsQuery = PageQuery & Partial<Omit<z.infer<typeof ProductsQuerySchema>, 'page' | 'limit'>>;

/** A client's Idempotency-Key (the API's header, the checkout page's hidden field): the same key gets the first order back. */
export const IdempotencyKeySchema = z.string().regex(/^[\w-]{8,100}$/, MSG.idempotencyKeyInvalid);
