/** 4. A login on one process works on the other; a logout on one is refused on the other at the next request. */
import type { App } from '../apps.ts';
import { describe } from '../client.ts';
import { PASSWORD } from '../settings.ts';
import { Shopper } from '../shop.ts';

export async function checkSessionsShared(apps: [App, App], n: number): Promise<string[]> {
  const shopper = new Shopper(apps[0].url, n);
  const other = shopper.client.to(apps[1].url);
  try {
    await shopper.signUp();
    const { token, reply } = await shopper.client.login(shopper.phone, PASSWORD);
    if (!token) return [`login on ${apps[0].name}: ${describe(reply)}`];
    const failures: string[] = [];
    const me = await other.send('GET', '/api/v1/users/getMe', { token });
    if (me.status !== 200) failures.push(`the token of ${apps[0].name} on ${apps[1].name}: ${describe(me)}`);
    const out = await shopper.client.send('POST', '/api/v1/auth/logout', { token });
    if (out.status !== 204) failures.push(`logout on ${apps[0].name}: ${describe(out)}`);
    const after = await other.send('GET', '/api/v1/users/getMe', { token });
    if (after.status !== 401) failures.push(`after the logout on ${apps[0].name}, ${apps[1].name} answers ${describe(after)}`);
    return failures;
  } finally {
    shopper.close();
    other.close();
  }
}
