import { sql } from 'drizzle-orm';
import type { ContactMessage } from '@gold/contract';
import { expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

const message = {
  fullname: 'Siti Rahayu',
  institutionName: 'Koperasi Emas Sejahtera',
  email: 'siti@example.com',
  phoneNumber: '0812 3456 7890',
  message: 'Kami ingin bekerja sama.',
};

describeEachEngine('contact messages', (t) => {
  const submit = (body: Record<string, unknown>, ip = '192.0.2.10') =>
    t().app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: ip });
  const stored = async () => (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from contact_messages`))[0]!.n;

  it('stores a message from the public form (no session) and lists it newest first with the count and a chat number', async () => {
    const response = await submit(message);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ received: true, id: expect.any(Number) });
    const list = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/messages?limit=6&page=0' });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().data[0]).toMatchObject({
      ...message,
      phoneNumber: '+6281234567890',
      chatNumber: '6281234567890',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/admin/count/messages' })).json()).toEqual({ count: 1 });
    // The message is its own record, with its sender's address; the audit log gets nothing from anonymous posts.
    const [row] = await selectRows<{ ip: string }>(t().database.db, sql`select host(ip_address) as ip from contact_messages`);
    expect(row?.ip).toBe('192.0.2.10');
    const audit = await selectRows(t().database.db, sql`select 1 from audit_log where admin_id is null and action like 'contact.%'`);
    expect(audit).toHaveLength(0);
  });

  it('keeps HTML and script as inert text: stored and answered exactly as sent, as JSON', async () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes" \'single\'\nline two\ttab';
    const response = await submit(
      { ...message, fullname: '<b>Budi</b>', institutionName: null, phoneNumber: null, message: html },
      '192.0.2.11',
    );
    expect(response.statusCode, response.body).toBe(201);
    const detail = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/messages?limit=6&page=0' });
    expect(detail.headers['content-type']).toMatch(/^application\/json/);
    const newest = detail.json().data[0] as ContactMessage;
    expect(newest).toMatchObject({ fullname: '<b>Budi</b>', message: html, institutionName: null, phoneNumber: null, chatNumber: null });
  });

  it('refuses oversized, control-character, wrong-typed and missing fields and bad numbers with 400 naming the field, storing nothing', async () => {
    const before = await stored();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ message: 'x'.repeat(2001) }, /body\.message: message must be at most 2000 characters/],
      [{ message: 'nul\u0000byte' }, /body\.message: message must be plain text/],
      [{ message: 'bell\u0007' }, /body\.message: message must be plain text/],
      [{ message: 'lone \uD800 surrogate' }, /body\.message: message must be plain text/],
      [{ message: '   ' }, /body\.message: message is required/],
      [{ fullname: 'x'.repeat(101) }, /body\.fullname/],
      [{ institutionName: 'y'.repeat(201) }, /body\.institutionName/],
      [{ email: 'nope' }, /body\.email: email must be an email address/],
      [{ phoneNumber: '12345' }, /body\.phoneNumber: phoneNumber is not a valid phone number/],
      [{ phoneNumber: 'javascript:alert(1)' }, /body\.phoneNumber/],
      [{ message: 42 }, /body\.message/],
      [{ extra: 'field' }, /extra/],
    ];
    for (const [overrides, expected] of cases) {
      const response = await submit({ ...message, ...overrides }, '192.0.2.12');
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(expected);
    }
    const { message: _m, ...withoutMessage } = message;
    expect((await submit(withoutMessage, '192.0.2.12')).json().message).toMatch(/body\.message/);
    expect(
      (
        await t().app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: `{"message":"${'x'.repeat(70_000)}"}`,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(413);
    expect(await stored()).toBe(before);
  });

  it('throttles per address in the database: the sixth message within the hour gets 429 with Retry-After; others are unaffected', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 5; i++) expect((await submit({ ...message, message: `try ${i}` }, ip)).statusCode).toBe(201);
    const before = await stored();
    const refused = await submit(message, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(/Too many messages/);
    expect(await stored()).toBe(before);
    expect((await submit(message, '198.51.100.8')).statusCode).toBe(201);
  });

  it('counts an IPv6 /64 as one sender: a sixth message from another address of the same /64 gets 429, the next /64 is unaffected', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await submit({ ...message, message: `v6 ${i}` }, `2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(201);
    const refused = await submit(message, '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many messages from your address/);
    expect((await submit(message, '2001:db8:1:3::1')).statusCode).toBe(201);
    // IPv4 over an IPv6 socket is still the one IPv4 address, not all of ::ffff:0:0/96.
    for (let i = 0; i < 5; i++) expect((await submit(message, `::ffff:198.51.100.${20 + i}`)).statusCode).toBe(201);
    const [mapped] = await selectRows<{ ip: string }>(
      t().database.db,
      sql`select host(ip_address) as ip from contact_messages order by id desc limit 1`,
    );
    expect(mapped?.ip).toBe('198.51.100.24');
  });

  it('counts concurrent submissions from one address atomically: of 12 at once, exactly 5 are stored', async () => {
    const ip = '203.0.113.99';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => submit({ ...message, message: `burst ${i}` }, ip)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    const [row] = await selectRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int as n from ${contactMessages} where ip_address = ${ip}::inet`,
    );
    expect(row!.n).toBe(5);
  });

  it('pages 6 at a time newest first, streams every message without limit, and searches', async () => {
    const total = await stored();
    const first = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/messages?limit=6&page=0' });
    expect(first.json().data).toHaveLength(6);
    const dates = first.json().data.map((m: ContactMessage) => m.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/messages' });
    expect(all.json().total).toBe(total);
    expect(all.json().data).toHaveLength(total);
    const found = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/messages?limit=6&search=%3Cscript' });
    expect(found.json().total).toBe(1);
    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/admin/messages?limit=6&bogus=1' })).statusCode).toBe(400);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
  });
});

describeEachEngine('the contact form under a flood from many addresses', (t) => {
  it('takes at most 100 messages an hour from everyone together, then answers 429 with Retry-After and stores nothing', async () => {
    const { app, database } = t();
    // 99 messages already this hour, from 99 different senders.
    await database.db.execute(
      sql`insert into contact_messages (fullname, email, message, ip_address, created_at)
          select 'Sender ' || n, 'sender' || n || '@example.com', 'hello', ('10.7.' || (n / 250) || '.' || (n % 250 + 1))::inet,
                 now() - make_interval(mins => 50)
            from generate_series(1, 99) as n`,
    );
    const submit = (ip: string) => app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: ip });
    expect((await submit('2001:db8:aaaa::1')).statusCode).toBe(201);
    const refused = await submit('2001:db8:bbbb::1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many messages at the moment/);
    // The oldest counted message leaves the hour in about 10 minutes.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    const [row] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from contact_messages`);
    expect(row!.n).toBe(100);
  });
});
