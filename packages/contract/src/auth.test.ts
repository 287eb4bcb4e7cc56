import { describe, expect, it } from 'vitest';
import { loginBody } from './auth';
import { idParams, pageQuery } from './common';

describe('loginBody', () => {
  it('trims the e-mail and requires both fields', () => {
    expect(loginBody.parse({ email: ' admin@example.com ', password: 'x' })).toEqual({ email: 'admin@example.com', password: 'x' });
    expect(loginBody.safeParse({ email: 'admin@example.com' }).success).toBe(false);
    expect(loginBody.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe('email is required');
    expect(loginBody.safeParse({ email: 'nope', password: 'x' }).error?.issues[0]?.message).toBe('email must be an email address');
  });
});

describe('path and page parameters', () => {
  it('accept positive integer ids only', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999']) expect(idParams.safeParse({ id }).success, id).toBe(false);
  });

  it('bound page size and page', () => {
    expect(pageQuery.parse({ limit: '5', page: '0' })).toEqual({ limit: 5, page: 0 });
    expect(pageQuery.parse({})).toEqual({});
    expect(pageQuery.safeParse({ limit: '1000' }).success).toBe(false);
    expect(pageQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});
