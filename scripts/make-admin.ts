/**
 * `npm run make-admin -- <phone>`: gives an existing account the admin role. A shop started
 * without the demo (SEED_DEMO=false) has no admin yet: its owner signs up on the site, then runs
 * this where the server runs. Further staff can be made admins from the dashboard.
 */
import { eq } from 'drizzle-orm';
import { phoneField } from '../contracts/schemas.ts';
import { setUserRole } from '../core/accounts/users.ts';
import { users } from '../db/schema.ts';
import { run, scriptContext } from './lib.ts';

run(async () => {
  const phone = phoneField().safeParse(process.argv[2] ?? '');
  if (!phone.success) throw new Error('Usage: npm run make-admin -- <phone of an account that signed up, 01xxxxxxxxx>');
  const ctx = scriptContext();
  const release = ctx.lock();
  const database = await ctx.open();
  try {
    const [user] = await database.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone.data));
    if (!user) throw new Error(`No account with the phone ${phone.data}: sign up on the site first.`);
    if (user.role === 'admin') {
      console.log(`${phone.data} is an admin already.`);
      return;
    }
    await setUserRole(database.db, user.id, 'admin');
    console.log(`${phone.data} is now an admin: sign in again and open /admin.`);
  } finally {
    await database.close();
    release();
  }
});
