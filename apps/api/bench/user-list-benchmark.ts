import { userSortFields } from '@gold/contract';
import type { BenchApi } from './api-process';
import { timeGet, type Timing } from './http-timing';

const page = (body: unknown) => {
  const { data, total } = body as { data: unknown[]; total: number };
  return `${data.length} rows of ${total.toLocaleString('en')}`;
};

/** The user list over HTTP: first and last page of 10 and 100 under each sort, searches, the count card. */
export async function benchUserList(api: BenchApi, customers: number): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const sort of userSortFields) {
    for (const limit of [10, 100]) {
      const lastPage = Math.ceil(customers / limit) - 1;
      const base = `/api/admin/list/users?limit=${limit}&sort=${sort}&order=${sort === 'createdAt' ? 'desc' : 'asc'}`;
      timings.push(await timeGet(api, `${sort}, ${limit} a page, first page`, `${base}&page=0`, page));
      timings.push(
        await timeGet(api, `${sort}, ${limit} a page, last page (${lastPage.toLocaleString('en')})`, `${base}&page=${lastPage}`, page),
      );
    }
  }
  timings.push(
    await timeGet(api, "search part of a name ('santoso'), first page", '/api/admin/list/users?limit=10&page=0&search=santoso', page),
  );
  timings.push(
    await timeGet(api, "search part of an e-mail ('.4321@'), first page", '/api/admin/list/users?limit=10&page=0&search=.4321%40', page),
  );
  timings.push(
    await timeGet(
      api,
      'count card (GET /admin/count/users)',
      '/api/admin/count/users',
      (b) => `count ${(b as { count: number }).count.toLocaleString('en')}`,
    ),
  );
  return timings;
}
