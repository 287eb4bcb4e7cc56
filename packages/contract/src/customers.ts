import { z } from 'zod';
import { ekycStatuses, emailStatuses, genders, kycNotificationStatuses } from './enums';
import { listQuery, pageOf, searchText } from './list';

/** Columns the user list can be sorted by (each has an index with id as the tiebreak). */
export const customerSortFields = ['createdAt', 'fullName', 'email', 'dob', 'gender', 'province', 'ekycStatus'] as const;
export type CustomerSortField = (typeof customerSortFields)[number];

/** GET /admin/list/users: 'Search user' matches the name or the e-mail, anywhere in the text. */
export const customerListQuery = listQuery({
  sort: customerSortFields,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { search: searchText.optional() },
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** A customer as the user list shows it. */
export const customerListItem = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  emailStatus: z.enum(emailStatuses),
  dob: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  province: z.string().nullable(),
  ekycStatus: z.enum(ekycStatuses),
  walletAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customerListResponse = pageOf(customerListItem);
export type CustomerListResponse = z.infer<typeof customerListResponse>;

/** A KYC provider callback about the customer; the SUCCESS one carries the KYC reference. */
export const kycNotification = z.object({
  status: z.enum(kycNotificationStatuses),
  referenceNumber: z.string(),
  createdAt: z.string(),
});
export type KycNotification = z.infer<typeof kycNotification>;

/**
 * GET /admin/users/{id}: the User of the spec (section 3), every field the detail page shows.
 * `Wallet` is `{publicAddress}` when the customer has a wallet, else null; `notifications` oldest
 * first; `kycReferenceNumber` is the reference of the newest SUCCESS notification (null without one).
 */
export const customerDetail = customerListItem.extend({
  address: z.string().nullable(),
  nik: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  Wallet: z.object({ publicAddress: z.string() }).nullable(),
  notifications: z.array(kycNotification),
  kycReferenceNumber: z.string().nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;
