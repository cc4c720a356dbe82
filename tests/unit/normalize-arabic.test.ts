import { describe, expect, it } from 'vitest';
import { normalizeArabic, searchWords, toSearchText } from '../../contracts/normalize-arabic.ts';

describe('normalizeArabic', () => {
  it.each([
    ['the forms of alef', 'أحمد إبراهيم آمال ٱلبيت', 'احمد ابراهيم امال البيت'],
    ['alef maqsura as ya', 'مصطفى', 'مصطفي'],
    ['ta marbuta as ha', 'جاكيت شتوية', 'جاكيت شتويه'],
    ['hamza on waw and on ya', 'مؤمن هادئ', 'مومن هادي'],
    ['diacritics', 'قَمِيصٌ رِجَالِيّ', 'قميص رجالي'],
    ['the dagger alef', 'هٰذا', 'هذا'],
    ['tatweel', 'قـــمـيـص', 'قميص'],
    ['Arabic-Indic digits', '٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['Persian digits', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['Latin capitals', 'POLO Shirt', 'polo shirt'],
    ['presentation forms and full-width digits', 'ﻻ ١２３', 'لا 123'],
  ])('folds %s', (_name, input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it.each([
    ['تي شيرت', 'تيشيرت'],
    ['تي   شرت', 'تيشيرت'],
    ['تى شيرت', 'تيشيرت'],
    ['T-Shirt', 'tshirt'],
    ['t shirt', 'tshirt'],
    ['سويت شيرت', 'سويتشيرت'],
  ])('joins %s into one word', (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });

  it('turns punctuation into single spaces, trims, and keeps dashes inside codes', () => {
    expect(normalizeArabic('  قميص،  بولو! (جديد)؟ ')).toBe('قميص بولو جديد');
    expect(normalizeArabic('TS-4521')).toBe('ts-4521');
    expect(normalizeArabic('100%')).toBe('100');
  });

  it('gives an empty string for text with nothing searchable', () => {
    expect(normalizeArabic('')).toBe('');
    expect(normalizeArabic(' ؟!… ')).toBe('');
  });

  it('is idempotent', () => {
    for (const text of ['تـيـشـيـرت قُطن ١٠٠٪', 'أحذية إيطالية', 'T-Shirt بولو', 'مصطفى']) {
      const once = normalizeArabic(text);
      expect(normalizeArabic(once)).toBe(once);
    }
  });
});

describe('searchWords', () => {
  it('strips the definite article from words longer than four letters only', () => {
    expect(searchWords('القميص الأبيض')).toEqual(['قميص', 'ابيض']);
    expect(searchWords('الجو')).toEqual(['الجو']);
  });

  it.each([
    ['tshirt', 'تيشيرت'],
    ['tee', 'تيشيرت'],
    ['T-Shirts', 'تيشيرت'],
    ['تيشرت', 'تيشيرت'],
    ['تيشيرتات', 'تيشيرت'],
    ['التيشيرتات', 'تيشيرت'],
    ['قمصان', 'قميص'],
    ['shirts', 'قميص'],
    ['بناطيل', 'بنطلون'],
    ['البنطلونات', 'بنطلون'],
    ['jeans', 'جينز'],
    ['جاكت', 'جاكيت'],
    ['الجاكيتات', 'جاكيت'],
    ['هوديز', 'هودي'],
    ['kids', 'اطفال'],
    ['أطفال', 'اطفال'],
    ['ولادي', 'اطفال'],
    ['رجالي', 'رجال'],
    ['صيفي', 'صيف'],
    ['شتوية', 'شتاء'],
    ['winter', 'شتاء'],
  ])('maps %s to the catalogue word %s', (word, expected) => {
    expect(searchWords(word)).toEqual([expected]);
  });

  it('splits a phrase into its words', () => {
    expect(searchWords('تى شيرت قطن،  أبيض')).toEqual(['تيشيرت', 'قطن', 'ابيض']);
  });

  it('has no words for blank or punctuation-only text', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords('  !!! ')).toEqual([]);
  });
});

describe('toSearchText', () => {
  it('joins the normalised words of every part', () => {
    expect(toSearchText('تيشيرت قطن', 'رجال', 'صيف', 'TS-4521', 'قطن مصري ١٠٠٪')).toBe('تيشيرت قطن رجال صيف ts-4521 قطن مصري 100');
  });

  it('contains every word of each way a shopper writes the same product', () => {
    const stored = toSearchText('تيشيرت قطن').split(' ');
    for (const keyword of ['تى شيرت', 'تيشرت', 'tshirt', 'T-Shirt', 'التيشيرت', 'تـيـشـيـرت', 'تِيشِيرْت', 'تيشيرتات قطن']) {
      for (const word of searchWords(keyword)) expect(stored, keyword).toContain(word);
    }
  });
});
