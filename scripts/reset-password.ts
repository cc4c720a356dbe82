/** `npm run reset-password -- <phone> <new password>`: for staff helping a customer; ends their sessions. */
import { eq } from 'drizzle-orm';
import { PASSWORD_MIN } from '../contracts/index.ts';
import { changePassword } from '../core/accounts/auth.ts';
import { users } from '../db/schema.ts';
import { run, scriptContext } from './lib.ts';

run(async () => {
  const [phone, password] = process.argv.slice(2);
  if (!phone || !password || password.length < PASSWORD_MIN) {
    throw new Error(`Usage: npm run reset-password -- <phone> <new password of ${PASSWORD_MIN}+ characters>`);
  }
  const ctx = scriptContext();
  const release = ctx.lock();
  const database = await ctx.open();
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (!user) throw new Error(`No account with the phone ${phone}.`);
    await changePassword(database.db, user.id, password);
    console.log(`Password changed for ${phone}; their other sessions have ended.`);
  } finally {
    await database.close();
    release();
  }
});
