import type { IndonesianProvince } from '@gold/contract';

/**
 * Facts about Indonesia the demo data is built from: BPS province codes (the first two digits
 * of a NIK), rough population weights (so most customers live on Java, as they would), and
 * the mobile number prefixes of Indonesian operators.
 */
export const provinceFacts: ReadonlyArray<{ name: IndonesianProvince; code: string; weight: number }> = [
  { name: 'Aceh', code: '11', weight: 2 },
  { name: 'Sumatera Utara', code: '12', weight: 5 },
  { name: 'Sumatera Barat', code: '13', weight: 2 },
  { name: 'Riau', code: '14', weight: 2 },
  { name: 'Jambi', code: '15', weight: 1 },
  { name: 'Sumatera Selatan', code: '16', weight: 3 },
  { name: 'Bengkulu', code: '17', weight: 1 },
  { name: 'Lampung', code: '18', weight: 3 },
  { name: 'Kepulauan Bangka Belitung', code: '19', weight: 1 },
  { name: 'Kepulauan Riau', code: '21', weight: 1 },
  { name: 'DKI Jakarta', code: '31', weight: 8 },
  { name: 'Jawa Barat', code: '32', weight: 16 },
  { name: 'Jawa Tengah', code: '33', weight: 12 },
  { name: 'DI Yogyakarta', code: '34', weight: 2 },
  { name: 'Jawa Timur', code: '35', weight: 14 },
  { name: 'Banten', code: '36', weight: 4 },
  { name: 'Bali', code: '51', weight: 2 },
  { name: 'Nusa Tenggara Barat', code: '52', weight: 2 },
  { name: 'Nusa Tenggara Timur', code: '53', weight: 2 },
  { name: 'Kalimantan Barat', code: '61', weight: 2 },
  { name: 'Kalimantan Tengah', code: '62', weight: 1 },
  { name: 'Kalimantan Selatan', code: '63', weight: 1 },
  { name: 'Kalimantan Timur', code: '64', weight: 1 },
  { name: 'Kalimantan Utara', code: '65', weight: 1 },
  { name: 'Sulawesi Utara', code: '71', weight: 1 },
  { name: 'Sulawesi Tengah', code: '72', weight: 1 },
  { name: 'Sulawesi Selatan', code: '73', weight: 3 },
  { name: 'Sulawesi Tenggara', code: '74', weight: 1 },
  { name: 'Gorontalo', code: '75', weight: 1 },
  { name: 'Sulawesi Barat', code: '76', weight: 1 },
  { name: 'Maluku', code: '81', weight: 1 },
  { name: 'Maluku Utara', code: '82', weight: 1 },
  { name: 'Papua', code: '91', weight: 1 },
  { name: 'Papua Barat', code: '92', weight: 1 },
  { name: 'Papua Selatan', code: '93', weight: 1 },
  { name: 'Papua Tengah', code: '94', weight: 1 },
  { name: 'Papua Pegunungan', code: '95', weight: 1 },
  { name: 'Papua Barat Daya', code: '96', weight: 1 },
];

/** Telkomsel, Indosat, XL, Axis, Tri and Smartfren prefixes after the country code. */
export const mobilePrefixes = [
  '811', '812', '813', '821', '822', '823', '851', '852', '853', '814', '815', '816', '855', '856', '857',
  '858', '817', '818', '819', '859', '877', '878', '831', '832', '838', '895', '896', '897', '898', '899',
  '881', '882', '883', '884', '885', '886', '887', '888',
] as const;

/** Reasons an operator writes when refusing a collection at the counter. */
export const rejectReasons = [
  'KTP yang ditunjukkan tidak sesuai dengan data akun',
  'Pelanggan tidak hadir pada jadwal pengambilan',
  'Pengambilan diwakilkan tanpa surat kuasa',
  'Kode OTP tidak dapat diverifikasi',
  'Permintaan dibatalkan oleh pelanggan',
] as const;

export const contactTopics = [
  'Saya ingin menanyakan jadwal pengambilan emas fisik di butik.',
  'Mohon informasi biaya cetak untuk kepingan 100 gram.',
  'Apakah token bisa ditukar dengan emas fisik di luar Jakarta?',
  'Verifikasi KYC saya sudah tiga hari masih tertunda, mohon dibantu.',
  'Kami tertarik bekerja sama sebagai mitra distribusi emas.',
  'Bagaimana cara memindahkan token ke dompet lain?',
  'Saldo token di aplikasi berbeda dengan yang tampil di Polygonscan.',
  'Apakah ada batas maksimal penukaran per bulan?',
  'Saya lupa kata sandi dan tidak menerima e-mail pemulihan.',
  'Mohon penjelasan mengenai harga jual dan harga beli hari ini.',
] as const;
