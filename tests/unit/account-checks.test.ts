/**
 * The account forms' checks in the browser (app/enhance/account-checks.ts) write SPEC.md §5's
 * rules out again without zod: for every input here they must find what the schemas the server
 * uses find, field by field, message by message.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../../contracts/messages.ts';
import { ChangePasswordSchema, LoginSchema, SignupSchema } from '../../contracts/schemas.ts';
import { accountErrors, type CheckedField } from '../../app/enhance/account-checks.ts';

/** The schema's first message of each field, as the pages show them (fieldErrors in app/lib/forms.server.ts). */
function schemaErrors(schema: z.ZodType, values: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

function checkErrors(values: Partial<Record<CheckedField, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(accountErrors(values)).map(([field, key]) => [field, MSG[key]]));
}

const NAMES = ['', '   ', 'مص', ' مص ', 'مصط', '  مصطفى  ', 'م'.repeat(30), 'م'.repeat(31), ` ${'م'.repeat(30)} `];
const PHONES = ['', '  ', '0123', '01012345678', '01312345678', '٠١٠١٢٣٤٥٦٧٨', '010 1234-5678', ' 01212345678 ', '+201012345678', '010123456789', '01a12345678'];
const PASSWORDS = ['', ' ', '12345', '123456', '      ', 'secret-123'];

describe('the account forms check in the browser what the server checks', () => {
  it('login', () => {
    for (const phone of PHONES) {
      for (const password of PASSWORDS) {
        const values = { phone, password };
        expect(checkErrors(values), JSON.stringify(values)).toEqual(schemaErrors(LoginSchema, values));
      }
    }
  });

  it('signup', () => {
    for (const name of NAMES) {
      for (const phone of ['', '0123', '01012345678']) {
        for (const password of PASSWORDS) {
          for (const passwordConfirm of ['', password, `${password}x`]) {
            const values = { name, phone, password, passwordConfirm };
            expect(checkErrors(values), JSON.stringify(values)).toEqual(schemaErrors(SignupSchema, values));
          }
        }
      }
    }
    for (const phone of PHONES) {
      const values = { name: 'مصطفى', phone, password: 'secret-123', passwordConfirm: 'secret-123' };
      expect(checkErrors(values), JSON.stringify(values)).toEqual(schemaErrors(SignupSchema, values));
    }
  });

  it('changing the password', () => {
    for (const currentPassword of ['', ' ', 'old']) {
      for (const password of PASSWORDS) {
        for (const passwordConfirm of ['', password, `${password}x`]) {
          const values = { currentPassword, password, passwordConfirm };
          expect(checkErrors(values), JSON.stringify(values)).toEqual(schemaErrors(ChangePasswordSchema, values));
        }
      }
    }
  });
});
