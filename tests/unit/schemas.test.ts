import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LoginSchema,
  typedNumber,
  MSG,
  OrdersQuerySchema,
  OrderStatusSchema,
  PageQuerySchema,
  PlaceOrderSchema,
  ProductFieldsSchema,
  ProductPatchSchema,
  ProductsQuerySchema,
  ReviewSchema,
  ShippingAddressSchema,
  SignupSchema,
  UsersQuerySchema,
} from '../../contracts/index.ts';

/** The failed rules of a parse, as `path: message`. */
function failures(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

// SPEC.md §5, word for word.
const SPEC = {
  phoneRequired: 'أدخل رقم الهاتف',
  phoneInvalid: 'أدخل رقم هاتف صحيح',
  passwordRequired: 'أدخل كلمة المرور',
  nameRequired: 'أدخل اسم المستخدم',
  nameTooShort: 'يجب أن يكون اسم المستخدم أكثر من 3 حروف',
  nameTooLong: 'يجب أن لا يزيد اسم المستخدم عن 30 حرف',
  passwordTooShort: 'يجب أن تكون كلمة المرور أكثر من 6 حروف',
  passwordConfirmRequired: 'أدخل تأكيد كلمة المرور',
  passwordMismatch: 'كلمة المرور غير متطابقة',
  detailsRequired: 'العنوان مطلوب',
  shippingPhoneRequired: 'رقم الهاتف مطلوب',
  cityRequired: 'محافظة الشحن مطلوب',
};

describe('phone numbers', () => {
  it.each(['01012345678', '01112345678', '01212345678', '01512345678'])('accepts %s (01 then 0, 1, 2 or 5, then 8 digits)', (phone) => {
    expect(LoginSchema.parse({ phone, password: 'x' }).phone).toBe(phone);
  });

  it.each([
    ['another operator digit', '01312345678'],
    ['a missing digit', '0101234567'],
    ['an extra digit', '010123456789'],
    ['no leading zero', '11012345678'],
    ['an international prefix', '+201012345678'],
    ['letters', '010abcdefgh'],
  ])('refuses %s', (_name, phone) => {
    expect(failures(LoginSchema, { phone, password: 'x' })).toEqual([`phone: ${SPEC.phoneInvalid}`]);
  });

  it('accepts Arabic-Indic digits, spaces and dashes, and stores ASCII digits', () => {
    expect(LoginSchema.parse({ phone: '٠١٠١٢٣٤٥٦٧٨', password: 'x' }).phone).toBe('01012345678');
    expect(LoginSchema.parse({ phone: '٠١٥ ١٢٣٤-٥٦٧٨', password: 'x' }).phone).toBe('01512345678');
    expect(LoginSchema.parse({ phone: '010-1234-5678', password: 'x' }).phone).toBe('01012345678');
  });
});

describe('LoginSchema', () => {
  it('asks for the phone and the password when they are missing or blank', () => {
    expect(failures(LoginSchema, {})).toEqual([`phone: ${SPEC.phoneRequired}`, `password: ${SPEC.passwordRequired}`]);
    expect(failures(LoginSchema, { phone: '   ', password: '' })).toEqual([`phone: ${SPEC.phoneRequired}`, `password: ${SPEC.passwordRequired}`]);
  });

  it('does not judge a password by its length at login', () => {
    expect(failures(LoginSchema, { phone: '01012345678', password: '1' })).toEqual([]);
  });
});

describe('SignupSchema', () => {
  const valid = { name: 'أحمد علي', phone: '01012345678', password: 'secret', passwordConfirm: 'secret' };

  it('accepts a valid signup, trims the name and drops fields it does not know', () => {
    expect(SignupSchema.parse({ ...valid, name: '  أحمد علي  ', role: 'admin' })).toEqual(valid);
  });

  it('names every missing field', () => {
    expect(failures(SignupSchema, {})).toEqual([
      `name: ${SPEC.nameRequired}`,
      `phone: ${SPEC.phoneRequired}`,
      `password: ${SPEC.passwordRequired}`,
      `passwordConfirm: ${SPEC.passwordConfirmRequired}`,
    ]);
  });

  it('bounds the name to 3..30 characters', () => {
    expect(failures(SignupSchema, { ...valid, name: 'اب' })).toEqual([`name: ${SPEC.nameTooShort}`]);
    expect(failures(SignupSchema, { ...valid, name: '   ' })).toEqual([`name: ${SPEC.nameRequired}`]);
    expect(failures(SignupSchema, { ...valid, name: 'ا'.repeat(31) })).toEqual([`name: ${SPEC.nameTooLong}`]);
    expect(failures(SignupSchema, { ...valid, name: 'علي' })).toEqual([]);
    expect(failures(SignupSchema, { ...valid, name: 'ا'.repeat(30) })).toEqual([]);
  });

  it('requires a password of at least 6 characters, confirmed', () => {
    expect(failures(SignupSchema, { ...valid, password: '12345', passwordConfirm: '12345' })).toEqual([`password: ${SPEC.passwordTooShort}`]);
    expect(failures(SignupSchema, { ...valid, password: '123456', passwordConfirm: '123456' })).toEqual([]);
    expect(failures(SignupSchema, { ...valid, passwordConfirm: 'secreT' })).toEqual([`passwordConfirm: ${SPEC.passwordMismatch}`]);
    expect(failures(SignupSchema, { ...valid, passwordConfirm: '' })).toContain(`passwordConfirm: ${SPEC.passwordConfirmRequired}`);
  });

  it('validates the phone with the login rule', () => {
    expect(failures(SignupSchema, { ...valid, phone: '0101234567' })).toEqual([`phone: ${SPEC.phoneInvalid}`]);
    expect(SignupSchema.parse({ ...valid, phone: '٠١٢٩٨٧٦٥٤٣٢' }).phone).toBe('01298765432');
  });

  it('refuses values of the wrong type without throwing', () => {
    expect(failures(SignupSchema, { ...valid, name: 123 })).toEqual([`name: ${MSG.mustBeText}`]);
  });
});

describe('checkout: ShippingAddressSchema and PlaceOrderSchema', () => {
  const valid = { details: '12 شارع التحرير', phone: '01012345678', shippingCity: 'الجيزة', district: 'الدقي' };

  it('accepts an address without a postal code', () => {
    expect(ShippingAddressSchema.parse(valid)).toEqual(valid);
    expect(PlaceOrderSchema.parse({ shippingAddress: valid })).toEqual({ shippingAddress: valid, paymentMethodType: 'cash' });
  });

  it('takes cash on delivery unless card is asked for, and refuses any other payment method', () => {
    expect(PlaceOrderSchema.parse({ shippingAddress: valid, paymentMethodType: 'card' }).paymentMethodType).toBe('card');
    expect(failures(PlaceOrderSchema, { shippingAddress: valid, paymentMethodType: 'bitcoin' })).toEqual([`paymentMethodType: ${MSG.paymentMethodInvalid}`]);
  });

  it('names every missing field with its SPEC message', () => {
    expect(failures(ShippingAddressSchema, {})).toEqual([
      `details: ${SPEC.detailsRequired}`,
      `phone: ${SPEC.shippingPhoneRequired}`,
      `shippingCity: ${SPEC.cityRequired}`,
      `district: ${MSG.districtRequired}`,
    ]);
    expect(failures(ShippingAddressSchema, { details: '  ', phone: '', shippingCity: ' ', district: ' ' })).toEqual([
      `details: ${SPEC.detailsRequired}`,
      `phone: ${SPEC.shippingPhoneRequired}`,
      `shippingCity: ${SPEC.cityRequired}`,
      `district: ${MSG.districtRequired}`,
    ]);
  });

  it('takes a district of 2 to 60 characters', () => {
    expect(failures(ShippingAddressSchema, { ...valid, district: 'د' })).toEqual([`district: ${MSG.districtLength}`]);
    expect(failures(ShippingAddressSchema, { ...valid, district: 'د'.repeat(61) })).toEqual([`district: ${MSG.districtLength}`]);
    expect(failures(ShippingAddressSchema, { ...valid, district: 'د'.repeat(60) })).toEqual([]);
  });

  it('refuses a bad phone with the login message', () => {
    expect(failures(ShippingAddressSchema, { ...valid, phone: '0123' })).toEqual([`phone: ${SPEC.phoneInvalid}`]);
  });

  it('accepts only one of the 27 governorates as the city', () => {
    expect(failures(ShippingAddressSchema, { ...valid, shippingCity: 'القاهرة' })).toEqual([]);
    expect(failures(ShippingAddressSchema, { ...valid, shippingCity: 'دبي' })).toEqual([`shippingCity: ${MSG.cityInvalid}`]);
  });

  it('takes a five-digit postal code, Arabic-Indic digits too', () => {
    expect(ShippingAddressSchema.parse({ ...valid, postalCode: '١٢٦١١' }).postalCode).toBe('12611');
    expect(failures(ShippingAddressSchema, { ...valid, postalCode: '123' })).toEqual([`postalCode: ${MSG.invalidValue}`]);
  });

  it('limits the address to 300 characters', () => {
    expect(failures(ShippingAddressSchema, { ...valid, details: 'ش'.repeat(301) })).toEqual([`details: ${MSG.detailsTooLong}`]);
  });

  it('puts the address errors under shippingAddress', () => {
    expect(failures(PlaceOrderSchema, { shippingAddress: { ...valid, details: '' } })).toEqual([`shippingAddress.details: ${SPEC.detailsRequired}`]);
  });
});

describe('ReviewSchema', () => {
  it.each([0.5, 1, 3.5, 5])('accepts a rating of %s', (rating) => {
    expect(failures(ReviewSchema, { rating, review: 'جيد' })).toEqual([]);
  });

  it.each([0, 0.25, 3.3, 5.5, -1, '4', null])('refuses a rating of %s', (rating) => {
    const messages = failures(ReviewSchema, { rating, review: 'جيد' });
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set([`rating: ${MSG.ratingInvalid}`]));
  });

  it('takes a review of 1 to 200 characters and keeps its text as written', () => {
    expect(failures(ReviewSchema, { rating: 4, review: '' })).toEqual([`review: ${MSG.reviewRequired}`]);
    expect(failures(ReviewSchema, { rating: 4, review: 'ن'.repeat(201) })).toEqual([`review: ${MSG.reviewTooLong}`]);
    expect(ReviewSchema.parse({ rating: 4, review: '<b>x</b> & y' }).review).toBe('<b>x</b> & y');
  });
});

describe('ProductFieldsSchema', () => {
  const valid = {
    title: 'تيشيرت',
    description: 'قطن',
    category: '0f8fad5b-d9cb-469f-a165-70867728950e',
    price: '200',
    quantity: '5',
    age: 'رجال',
    season: 'صيف',
    availableSizes: 'm',
  };

  it('reads form text as numbers, a single size as a list, and fills the defaults', () => {
    expect(ProductFieldsSchema.parse(valid)).toEqual({
      ...valid,
      price: 200,
      quantity: 5,
      availableSizes: ['m'],
      barcode: '',
      sale: '',
      availability: true,
      returnable: true,
    });
  });

  it('reads availability and returnable from form text', () => {
    expect(ProductFieldsSchema.parse({ ...valid, returnable: 'false' }).returnable).toBe(false);
    expect(ProductFieldsSchema.parse({ ...valid, availability: 'false' }).availability).toBe(false);
    expect(ProductFieldsSchema.parse({ ...valid, availability: 'on' }).availability).toBe(true);
  });

  it('keeps each chosen size once, in the order of the size list', () => {
    expect(ProductFieldsSchema.parse({ ...valid, availableSizes: ['xl', '42', 'm', '8'] }).availableSizes).toEqual(['m', 'xl', '8', '42']);
  });

  it('asks for the price when it is missing or blank', () => {
    expect(failures(ProductFieldsSchema, { ...valid, price: undefined })).toEqual([`price: ${MSG.priceRequired}`]);
    expect(failures(ProductFieldsSchema, { ...valid, price: '' })).toEqual([`price: ${MSG.priceRequired}`]);
  });

  it('refuses prices that are not positive amounts in piastres, and a discount above the price', () => {
    expect(failures(ProductFieldsSchema, { ...valid, price: '0' })).toEqual([`price: ${MSG.priceInvalid}`]);
    expect(failures(ProductFieldsSchema, { ...valid, price: '10.005' })).toEqual([`price: ${MSG.priceInvalid}`]);
    expect(failures(ProductFieldsSchema, { ...valid, priceAfterDiscount: '250' })).toEqual([`priceAfterDiscount: ${MSG.discountAbovePrice}`]);
    expect(ProductFieldsSchema.parse({ ...valid, price: '199.99', priceAfterDiscount: '149.5' })).toMatchObject({ price: 199.99, priceAfterDiscount: 149.5 });
  });

  it('limits the description to 200 characters', () => {
    expect(failures(ProductFieldsSchema, { ...valid, description: 'و'.repeat(200) })).toEqual([]);
    expect(failures(ProductFieldsSchema, { ...valid, description: 'و'.repeat(201) })).toEqual([`description: ${MSG.descriptionTooLong}`]);
  });

  it('reads stock per size from JSON text or an object, its pieces as whole numbers', () => {
    const sizes = { ...valid, quantity: undefined, availableSizes: ['m', 'l'] };
    expect(ProductFieldsSchema.parse({ ...sizes, stock: '{"m": 4, "l": 0}' }).stock).toEqual({ m: 4, l: 0 });
    expect(ProductFieldsSchema.parse({ ...sizes, stock: { m: '2' } }).stock).toEqual({ m: 2 });
    expect(ProductFieldsSchema.parse({ ...sizes, quantity: '3', stock: '' }).stock).toBeUndefined();
  });

  it.each([
    ['text that is not JSON', '{m: 4', 'stock'],
    ['a list', '[1, 2]', 'stock'],
    ['a negative count', '{"m": -1}', 'stock.m'],
    ['a fraction', '{"m": 0.5}', 'stock.m'],
    ['a word', '{"m": "أربعة"}', 'stock.m'],
  ])('refuses stock that is %s', (_name, stock, path) => {
    expect(failures(ProductFieldsSchema, { ...valid, stock })).toEqual([`${path}: ${MSG.stockInvalid}`]);
  });

  it('refuses stock naming a size outside the list or outside the sizes sent', () => {
    expect(failures(ProductFieldsSchema, { ...valid, stock: '{"zz": 1}' })).toEqual([`stock.zz: ${MSG.sizeInvalid}`]);
    expect(failures(ProductFieldsSchema, { ...valid, stock: '{"m": 1, "xl": 1}' })).toEqual([`stock: ${MSG.stockSizeNotOffered}`]);
    expect(failures(ProductPatchSchema, { stock: '{"xl": 1}', availableSizes: 'm' })).toEqual([`stock: ${MSG.stockSizeNotOffered}`]);
    // Without the sizes, an edit's stock is checked against the product's own sizes in core.
    expect(failures(ProductPatchSchema, { stock: '{"xl": 1}' })).toEqual([]);
  });

  it('asks a new product for stock or quantity, with its other broken rules', () => {
    expect(failures(ProductFieldsSchema, { ...valid, quantity: undefined })).toEqual([`quantity: ${MSG.quantityInvalid}`]);
    expect(failures(ProductFieldsSchema, { ...valid, quantity: undefined, price: '' })).toEqual([`price: ${MSG.priceRequired}`, `quantity: ${MSG.quantityInvalid}`]);
    expect(failures(ProductFieldsSchema, { ...valid, quantity: undefined, stock: '{"m": 0}' })).toEqual([]);
    expect(failures(ProductFieldsSchema, { ...valid, quantity: '-1' })).toEqual([`quantity: ${MSG.quantityInvalid}`]);
  });
});

describe('order status', () => {
  it('takes one of the statuses and refuses anything else in Arabic', () => {
    expect(OrderStatusSchema.parse({ status: 'shipped' })).toEqual({ status: 'shipped' });
    for (const status of ['lost', 'SHIPPED', '', undefined, 3]) expect(failures(OrderStatusSchema, { status })).toEqual([`status: ${MSG.statusInvalid}`]);
  });

  it('filters an orders list by one status, none when blank', () => {
    expect(OrdersQuerySchema.parse({ status: 'refused', page: '2' })).toEqual({ status: 'refused', page: 2, limit: 20 });
    expect(OrdersQuerySchema.parse({ status: '' }).status).toBeUndefined();
    expect(failures(OrdersQuerySchema, { status: 'done' })).toEqual([`status: ${MSG.statusInvalid}`]);
  });
});

describe('list queries', () => {
  it('defaults to page 1 of 20 and caps the limit at 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(PageQuerySchema.parse({ page: '3', limit: '500' })).toEqual({ page: 3, limit: 100 });
    expect(failures(PageQuerySchema, { page: '0' })).toEqual([`page: ${MSG.invalidValue}`]);
    expect(failures(PageQuerySchema, { page: '1.5' })).toEqual([`page: ${MSG.mustBeWholeNumber}`]);
  });

  it('reads a users phone filter in Arabic-Indic digits', () => {
    expect(UsersQuerySchema.parse({ phone: '٠١٥' }).phone).toBe('015');
    expect(failures(UsersQuerySchema, { phone: '01x' })).toEqual([`phone: ${MSG.phoneInvalid}`]);
  });

  it('turns category and category[in][] into a list of ids', () => {
    const a = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const b = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(ProductsQuerySchema.parse({ category: a }).category).toEqual([a]);
    expect(ProductsQuerySchema.parse({ category: { in: a } }).category).toEqual([a]);
    expect(ProductsQuerySchema.parse({ category: { in: [a, b] } }).category).toEqual([a, b]);
    expect(ProductsQuerySchema.parse({}).category).toBeUndefined();
  });

  it('splits a sort list and refuses fields it cannot sort by', () => {
    expect(ProductsQuerySchema.parse({ sort: '-createdAt, priceAfterDiscount' }).sort).toEqual(['-createdAt', 'priceAfterDiscount']);
    expect(failures(ProductsQuerySchema, { sort: 'passwordHash' })).toEqual([`sort.0: ${MSG.sortInvalid}`]);
  });

  it('reads price bounds and availability from query text', () => {
    expect(ProductsQuerySchema.parse({ priceAfterDiscount: { lte: '199' }, availability: 'true' })).toMatchObject({
      priceAfterDiscount: { lte: 199 },
      availability: true,
    });
  });
});

describe('typedNumber', () => {
  it('reads an amount typed in Arabic-Indic digits with the Arabic decimal separator', () => {
    expect(typedNumber('٧٠')).toBe(70);
    expect(typedNumber(' ٤٩٫٥٠ ')).toBe(49.5);
    expect(typedNumber('12.75')).toBe(12.75);
  });

  it('keeps a minus sign, and is NaN for what is not a number', () => {
    expect(typedNumber('-٥')).toBe(-5);
    expect(typedNumber('خمسون')).toBeNaN();
    expect(typedNumber('5 جنيه')).toBeNaN();
  });
});
