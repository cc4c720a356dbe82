import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contracts/index.ts';
import { users } from '../../db/schema.ts';
import {
  createAccount,
  createProductFixture,
  FIXTURE_PASSWORD,
  placeOrderFixture,
  reloadRole,
  UNKNOWN_ID,
  type Account,
} from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Account;
let customer: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.db, 'admin', 'مدير المتجر');
  customer = await createAccount(t.db, 'user', 'محمود حسن');
});
afterAll(() => t.close());

function get(url: string, account?: Account) {
  return t.app.inject({ method: 'GET', url, headers: account?.headers });
}

function putRole(id: string, body: unknown, account: Account = admin) {
  return t.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: account.headers, payload: body as Record<string, unknown> });
}

/** Signs up through the API, so the phone is exactly the one given. */
async function signupWithPhone(phone: string, name = 'عميل بحث') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name, phone, password: FIXTURE_PASSWORD, passwordConfirm: FIXTURE_PASSWORD },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; phone: string };
}

async function countUsers() {
  return (await t.db.select({ id: users.id }).from(users)).length;
}

describe('GET /api/v1/users/getMe', () => {
  it('returns the signed-in user without any password field', async () => {
    const res = await get('/api/v1/users/getMe', customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        _id: customer.user.id,
        name: 'محمود حسن',
        phone: customer.user.phone,
        role: 'user',
        createdAt: customer.user.createdAt.toISOString(),
      },
    });
  });

  it('tells an admin that they are an admin', async () => {
    const res = await get('/api/v1/users/getMe', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: admin.user.id, role: 'admin' });
  });

  it('refuses a guest with 401', async () => {
    const res = await get('/api/v1/users/getMe');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
  });
});

describe('GET /api/v1/users', () => {
  it('lists users newest first in the paginated envelope', async () => {
    const newest = await createAccount(t.db, 'user', 'أحدث عميل');
    const total = await countUsers();
    const res = await get('/api/v1/users', admin);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.paginationResult).toEqual({ currentPage: 1, limit: 20, numberOfPages: Math.ceil(total / 20) });
    expect(json.results).toBe(Math.min(total, 20));
    expect(json.data).toHaveLength(json.results);
    expect(json.data[0]).toEqual({
      _id: newest.user.id,
      name: 'أحدث عميل',
      phone: newest.user.phone,
      role: 'user',
      createdAt: newest.user.createdAt.toISOString(),
    });
    for (const user of json.data) {
      expect(Object.keys(user).sort()).toEqual(['_id', 'createdAt', 'name', 'phone', 'role']);
    }
  });

  it('filters by a part of the phone number, Arabic-Indic digits too', async () => {
    const first = await signupWithPhone('01277712345');
    const second = await signupWithPhone('01127775432');
    await signupWithPhone('01099900000');
    for (const phone of ['2777', '٢٧٧٧']) {
      const res = await get(`/api/v1/users?phone=${encodeURIComponent(phone)}`, admin);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.data.map((u: { _id: string }) => u._id).sort()).toEqual([first._id, second._id].sort());
      expect(json.results).toBe(2);
      expect(json.paginationResult.numberOfPages).toBe(1);
    }
    const exact = await get('/api/v1/users?phone=01277712345', admin);
    expect(exact.json().data.map((u: { phone: string }) => u.phone)).toEqual(['01277712345']);
  });

  it('refuses a phone filter that is not digits, on the query', async () => {
    const res = await get('/api/v1/users?phone=abc', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.phoneInvalid, path: 'phone', location: 'query' }]);
  });

  it('pages with limit and page, without overlap', async () => {
    await Promise.all([createAccount(t.db), createAccount(t.db), createAccount(t.db)]);
    const total = await countUsers();
    const pages = Math.ceil(total / 2);
    const first = (await get('/api/v1/users?limit=2&page=1', admin)).json();
    expect(first.paginationResult).toEqual({ currentPage: 1, limit: 2, numberOfPages: pages, next: 2 });
    expect(first.data).toHaveLength(2);
    const second = (await get('/api/v1/users?limit=2&page=2', admin)).json();
    expect(second.paginationResult).toMatchObject({ currentPage: 2, limit: 2, prev: 1 });
    expect(second.data).toHaveLength(2);
    const ids = [...first.data, ...second.data].map((u: { _id: string }) => u._id);
    expect(new Set(ids).size).toBe(4);
    const last = (await get(`/api/v1/users?limit=2&page=${pages}`, admin)).json();
    expect(last.paginationResult).not.toHaveProperty('next');
    expect(last.data).toHaveLength(total - (pages - 1) * 2);
  });

  it('answers a page past the end with empty data, not an error', async () => {
    const res = await get('/api/v1/users?limit=20&page=999', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ results: 0, data: [], paginationResult: { currentPage: 999, prev: 998 } });
  });

  it('refuses a page of zero and a limit that is not a number, on the query', async () => {
    const res = await get('/api/v1/users?page=0&limit=abc', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { msg: MSG.invalidValue, path: 'page', location: 'query' },
        { msg: MSG.mustBeWholeNumber, path: 'limit', location: 'query' },
      ]),
    );
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('gives the number of orders and the total spent: the items of each order rounded up, plus shipping', async () => {
    const shopper = await createAccount(t.db, 'user', 'سارة محمد');
    const shirt = await createProductFixture(t.db, t.images, { price: 120, priceAfterDiscount: 99.5 });
    const polo = await createProductFixture(t.db, t.images, { price: 150.25, priceAfterDiscount: 150.25 });
    await placeOrderFixture(t.db, shopper.user.id, [{ product: shirt, count: 2 }]);
    await placeOrderFixture(t.db, shopper.user.id, [{ product: polo }]);

    const res = await get(`/api/v1/users/${shopper.user.id}`, admin);
    expect(res.statusCode).toBe(200);
    // (2 × 99.50 + 70) + (150.25 rounded up to 151 + 70), as the order cards show them
    expect(res.json()).toEqual({
      data: {
        _id: shopper.user.id,
        name: 'سارة محمد',
        phone: shopper.user.phone,
        role: 'user',
        createdAt: shopper.user.createdAt.toISOString(),
        ordersCount: 2,
        totalSpent: 490,
      },
    });
  });

  it('gives zero orders and zero spent for a user who never ordered', async () => {
    const res = await get(`/api/v1/users/${customer.user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: customer.user.id, ordersCount: 0, totalSpent: 0 });
  });

  it('answers an unknown id with 404', async () => {
    const res = await get(`/api/v1/users/${UNKNOWN_ID}`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.userNotFound });
  });

  it('answers a malformed id with 400 on the params', async () => {
    const res = await get('/api/v1/users/not-an-id', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.invalidId, path: 'id', location: 'params' }]);
  });
});

describe('PUT /api/v1/users/{id}', () => {
  it('promotes a customer to admin, and the new admin reaches admin calls after logging in again', async () => {
    const promoted = await createAccount(t.db, 'user', 'موظف جديد');
    const res = await putRole(promoted.user.id, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      _id: promoted.user.id,
      name: 'موظف جديد',
      phone: promoted.user.phone,
      role: 'admin',
      createdAt: promoted.user.createdAt.toISOString(),
    });
    expect(await reloadRole(t.db, promoted.user.id)).toBe('admin');

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: promoted.user.phone, password: FIXTURE_PASSWORD } });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: { authorization: `Bearer ${login.json().token}` } });
    expect(list.statusCode).toBe(200);
  });

  it('demotes an admin to customer while another admin remains', async () => {
    const other = await createAccount(t.db, 'admin');
    const res = await putRole(other.user.id, { role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('user');
    expect(await reloadRole(t.db, other.user.id)).toBe('user');
  });

  it('ends the sessions a user had before their role changed', async () => {
    const target = await createAccount(t.db, 'user');
    expect((await get('/api/v1/users/getMe', target)).statusCode).toBe(200);
    expect((await putRole(target.user.id, { role: 'admin' })).statusCode).toBe(200);
    const stale = await get('/api/v1/users/getMe', target);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ status: 'fail', message: MSG.sessionExpired });
    // The stale token does not carry the new admin rights either.
    expect((await get('/api/v1/users', target)).statusCode).toBe(401);
  });

  it('keeps the role and the sessions when the role sent is the current one', async () => {
    const target = await createAccount(t.db, 'user');
    const res = await putRole(target.user.id, { role: 'user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('user');
    expect((await get('/api/v1/users/getMe', target)).statusCode).toBe(200);
  });

  it('refuses a role other than user or admin, and a missing role, and changes nothing', async () => {
    const target = await createAccount(t.db, 'user');
    for (const body of [{ role: 'manager' }, { role: 'ADMIN' }, {}]) {
      const res = await putRole(target.user.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ msg: MSG.roleInvalid, path: 'role', location: 'body' }]);
    }
    expect(await reloadRole(t.db, target.user.id)).toBe('user');
    expect((await get('/api/v1/users/getMe', target)).statusCode).toBe(200);
  });

  it('answers a malformed id with 400 on the params', async () => {
    const res = await putRole('12345', { role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: MSG.invalidId, path: 'id', location: 'params' }]);
  });

  it('answers an unknown id with 404', async () => {
    const res = await putRole(UNKNOWN_ID, { role: 'admin' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'fail', message: MSG.userNotFound });
  });
});

describe('the last admin', () => {
  // A shop of its own, so this file's other admins do not count.
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  const setRole = (id: string, role: string, by: Account) =>
    shop.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: by.headers, payload: { role } });

  /** Leaves exactly the given admins in the shop. */
  async function keepOnlyAdmins(...keep: Account[]) {
    await shop.db
      .update(users)
      .set({ role: 'user' })
      .where(and(eq(users.role, 'admin'), notInArray(users.id, keep.map((a) => a.user.id))));
  }

  it('cannot be demoted, by themselves or anyone, until another admin exists', async () => {
    const owner = await createAccount(shop.db, 'admin', 'صاحب المتجر');
    const clerk = await createAccount(shop.db, 'user', 'موظف');
    await keepOnlyAdmins(owner);

    const refused = await setRole(owner.user.id, 'user', owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'fail', message: MSG.lastAdmin });
    expect(await reloadRole(shop.db, owner.user.id)).toBe('admin');
    // The refused change did not end the owner's session.
    expect((await shop.app.inject({ method: 'GET', url: '/api/v1/users/getMe', headers: owner.headers })).statusCode).toBe(200);

    expect((await setRole(clerk.user.id, 'admin', owner)).statusCode).toBe(200);
    const stepDown = await setRole(owner.user.id, 'user', owner);
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json().data.role).toBe('user');
    expect(await reloadRole(shop.db, owner.user.id)).toBe('user');
  });

  it('survives two admins demoting each other at the same moment', async () => {
    const first = await createAccount(shop.db, 'admin');
    const second = await createAccount(shop.db, 'admin');
    await keepOnlyAdmins(first, second);

    const results = await Promise.all([setRole(second.user.id, 'user', first), setRole(first.user.id, 'user', second)]);
    // The loser is refused either as the last admin (409) or, once demoted, as a stale session (401).
    const [won, lost] = [...results].sort((a, b) => a.statusCode - b.statusCode);
    expect(won!.statusCode).toBe(200);
    expect([401, 409]).toContain(lost!.statusCode);
    const admins = await shop.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });
});

describe('who may call the user endpoints', () => {
  const adminCalls = () => [
    { method: 'GET' as const, url: '/api/v1/users' },
    { method: 'GET' as const, url: `/api/v1/users/${customer.user.id}` },
    { method: 'PUT' as const, url: `/api/v1/users/${customer.user.id}`, payload: { role: 'admin' } },
  ];

  it('refuses every admin call without a token with 401', async () => {
    for (const call of adminCalls()) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json()).toEqual({ status: 'fail', message: MSG.unauthenticated });
    }
  });

  it('refuses every admin call from a customer with 403, and the customer stays a customer', async () => {
    for (const call of adminCalls()) {
      const res = await t.app.inject({ ...call, headers: customer.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toEqual({ status: 'fail', message: MSG.forbidden });
    }
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, customer.user.id));
    expect(row!.role).toBe('user');
  });
});
