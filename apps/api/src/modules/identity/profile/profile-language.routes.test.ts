import { expect, it } from 'vitest';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../../test/test-app';

const other = { email: 'bahasa.owner@example.com', password: testAdmin.password, fullName: 'Sri Wahyuni' };

describeEachEngine('console language per admin', (t) => {
  const putLanguage = (payload: unknown, cookie?: string) =>
    t().app.inject({ method: 'PUT', url: '/api/admin/profile/language', payload: payload as object, headers: cookie ? { cookie } : {} });

  it('is English until chosen, then answered by the session, the sign-in and the profile, for that admin only', async () => {
    const before = await t().injectAsAdmin({ method: 'GET', url: '/api/account/session' });
    expect(before.json().admin.language).toBe('en');

    const chosen = await t().injectAsAdmin({ method: 'PUT', url: '/api/admin/profile/language', payload: { language: 'id' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ language: 'id' });

    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/account/session' })).json().admin.language).toBe('id');
    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/account/profile' })).json().data.language).toBe('id');
    const signIn = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: testAdmin.email, password: testAdmin.password },
    });
    expect(signIn.json().admin.language).toBe('id');

    await insertTestAdmin(t().database, other);
    const otherCookie = await signInCookie(t().app, other);
    const otherSession = await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: otherCookie } });
    expect(otherSession.json().admin.language).toBe('en');

    const back = await t().injectAsAdmin({ method: 'PUT', url: '/api/admin/profile/language', payload: { language: 'en' } });
    expect(back.json()).toEqual({ language: 'en' });
    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/account/session' })).json().admin.language).toBe('en');
  });

  it('refuses an unknown language or extra fields (400) and anyone signed out (401)', async () => {
    const cookie = await signInCookie(t().app, other);
    for (const payload of [{ language: 'fr' }, { language: 'ID' }, {}, { language: 'id', fullName: 'Hacker' }]) {
      const refused = await putLanguage(payload, cookie);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const session = await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });
    expect(session.json().admin).toMatchObject({ fullName: other.fullName, language: 'en' });
    expect((await putLanguage({ language: 'id' })).statusCode).toBe(401);
  });
});
