/** Status vocabularies, declared once and shared by the database schema, the API and the console. */

export const redemptionStatuses = ['REQUESTED', 'PREPARATION', 'REDEEMED', 'ON_WEB2', 'REJECTED'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

/** KYC: VERIFIED, PENDING, anything else is shown as Unverified. */
export const ekycStatuses = ['VERIFIED', 'PENDING', 'UNVERIFIED', 'REJECTED'] as const;
export type EkycStatus = (typeof ekycStatuses)[number];

export const emailStatuses = ['VERIFIED', 'UNVERIFIED'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const genders = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof genders)[number];

export const adminStatuses = ['Activated', 'Not Activated'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/** The console's languages: English (the specification's texts, the default) and Bahasa Indonesia. */
export const adminLanguages = ['en', 'id'] as const;
export type AdminLanguage = (typeof adminLanguages)[number];

/** An admin's role (what each may do: permissions.ts). The first admin of a database is an Administrator. */
export const adminRoles = ['Teller', 'Supervisor', 'Auditor', 'Administrator'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const kycNotificationStatuses = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type KycNotificationStatus = (typeof kycNotificationStatuses)[number];

export const transactionTypes = ['MINT', 'TRANSFER', 'BURN'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Grams a redemption limit may be set to (spec section 9). */
export const redemptionLimitOptions = [5, 10, 25, 100, 250, 500, 1000] as const;
export type RedemptionLimitOption = (typeof redemptionLimitOptions)[number];

export const indonesianProvinces = [
  'Aceh',
  'Sumatera Utara',
  'Sumatera Barat',
  'Riau',
  'Kepulauan Riau',
  'Jambi',
  'Sumatera Selatan',
  'Kepulauan Bangka Belitung',
  'Bengkulu',
  'Lampung',
  'DKI Jakarta',
  'Jawa Barat',
  'Banten',
  'Jawa Tengah',
  'DI Yogyakarta',
  'Jawa Timur',
  'Bali',
  'Nusa Tenggara Barat',
  'Nusa Tenggara Timur',
  'Kalimantan Barat',
  'Kalimantan Tengah',
  'Kalimantan Selatan',
  'Kalimantan Timur',
  'Kalimantan Utara',
  'Sulawesi Utara',
  'Gorontalo',
  'Sulawesi Tengah',
  'Sulawesi Barat',
  'Sulawesi Selatan',
  'Sulawesi Tenggara',
  'Maluku',
  'Maluku Utara',
  'Papua',
  'Papua Barat',
  'Papua Selatan',
  'Papua Tengah',
  'Papua Pegunungan',
  'Papua Barat Daya',
] as const;
export type IndonesianProvince = (typeof indonesianProvinces)[number];
