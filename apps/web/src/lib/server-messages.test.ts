import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAdminBody,
  checkOtpBody,
  redemptionActions,
  redemptionRefusal,
  redemptionStatuses,
  rejectRedemptionBody,
  setRedemptionLimitBody,
} from '@gold/contract';
import serverMessages from '@/locales/id/server.json';
import consoleServerMessages from '@/locales/id/server-console.json';
import { ApiError, errorMessage } from './api-client';
import { i18n } from './i18n';

/** The server's messages: those any page may show (loaded with the sign-in page), and those only a signed-in operation or the platform API brings (loaded with the console). */
const serverCatalogue: Record<string, string> = { ...serverMessages, ...consoleServerMessages };

/** The console's text for a failed call whose answer carried this message. */
const shown = (message: string, status = 409) => errorMessage(new ApiError(status, message));

/** A 400 as the API's error handler writes it from a schema's issues: 'body.reason: ...; body.id: ...'. */
function validationMessage(where: string, result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}

/** Real API messages (copied from the API's answers, or made by the contract's own schemas) and their Indonesian. */
const examples: [english: string, indonesian: string][] = [
  ['Request failed (502 Bad Gateway)', 'Permintaan gagal (502 Bad Gateway)'],
  ['Route GET /api/admin/nothing not found', 'Rute GET /api/admin/nothing tidak ditemukan'],
  ['Too many failed sign-in attempts. Try again in 15 minute(s).', 'Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam 15 menit.'],
  ['password must be at least 12 characters', 'kata sandi minimal 12 karakter'],
  ['body.password: password must be at most 128 characters', 'body.password: kata sandi maksimal 128 karakter'],
  ['body.email: an admin with the e-mail siti@example.com already exists', 'body.email: admin dengan e-mail siti@example.com sudah ada'],
  ['Admin 12 not found', 'Admin 12 tidak ditemukan'],
  ['User 40512 not found', 'Pengguna 40512 tidak ditemukan'],
  ['Transaction 7 not found', 'Transaksi 7 tidak ditemukan'],
  [
    'Idempotency-Key k-77 was taken over by another request: nothing was changed by this one',
    'Idempotency-Key k-77 diambil alih oleh permintaan lain: permintaan ini tidak mengubah apa pun',
  ],
  ['Escrow deposit 9 not found', 'Deposit eskrow 9 tidak ditemukan'],
  ['Cannot refund deposit 9: its refund is already queued', 'Tidak dapat mengembalikan deposit 9: pengembaliannya sudah dijadwalkan'],
  [
    'Cannot refund deposit 9: it was released for burning when redemption 31 was handed over',
    'Tidak dapat mengembalikan deposit 9: deposit dilepas untuk dibakar saat penukaran 31 diserahkan',
  ],
  [
    'Cannot refund deposit 9: its transfer is not final yet (a reorganisation could still undo it)',
    'Tidak dapat mengembalikan deposit 9: transfernya belum final (reorganisasi masih dapat membatalkannya)',
  ],
  [
    'Cannot refund deposit 9: it is the escrow of redemption 31 (PREPARATION); reject the redemption to refund it',
    'Tidak dapat mengembalikan deposit 9: deposit ini eskrow penukaran 31 (PREPARATION); tolak penukaran untuk mengembalikannya',
  ],
  ['Chain transaction 4 not found', 'Transaksi chain 4 tidak ditemukan'],
  [
    'Cannot retry transaction 4: it is sent, and only a failed transaction may be retried',
    'Tidak dapat mengulang transaksi 4: statusnya sent, dan hanya transaksi yang gagal yang dapat diulang',
  ],
  [
    'Cannot retry transaction 4: it was already retried as transaction 5',
    'Tidak dapat mengulang transaksi 4: transaksi ini sudah diulang sebagai transaksi 5',
  ],
  [
    "Cannot hand over redemption 31: no escrow deposit of the customer's tokens is held for it",
    'Tidak dapat menyerahkan penukaran 31: tidak ada deposit eskrow token nasabah yang ditahan untuknya',
  ],
  [
    "Cannot hand over redemption 31: the customer's escrow transfer is not final yet",
    'Tidak dapat menyerahkan penukaran 31: transfer eskrow nasabah belum final',
  ],
  ['query: 2026-02-30 is not a date', 'query: 2026-02-30 bukan tanggal'],
  ['Balances could not be read from the chain: rpc timeout', 'Saldo tidak dapat dibaca dari chain: rpc timeout'],
  [
    'The chain node does not answer (connection refused): showing the last good reading',
    'Node chain tidak menjawab (connection refused): menampilkan pembacaan baik terakhir',
  ],
  ['Too many messages from your address. Try again in 3 minute(s).', 'Terlalu banyak pesan dari alamat Anda. Coba lagi dalam 3 menit.'],
  ['Too many messages at the moment. Try again in 60 minute(s).', 'Terlalu banyak pesan saat ini. Coba lagi dalam 60 menit.'],
  ['Denomination 4 not found', 'Denominasi 4 tidak ditemukan'],
  [
    'Cannot add 99000 pieces of 10 g: the stock would pass 100000 pieces',
    'Tidak dapat menambah 99000 keping 10 g: stok akan melebihi 100000 keping',
  ],
  ['Redemption 31 not found', 'Penukaran 31 tidak ditemukan'],
  [
    'Only a REDEEMED redemption has a hand-over receipt: redemption 31 is REJECTED',
    'Hanya penukaran REDEEMED yang memiliki tanda terima serah terima: penukaran 31 berstatus REJECTED',
  ],
  ['Cannot prepare a redemption that is REQUESTED', 'Tidak dapat menyiapkan penukaran yang berstatus REQUESTED'],
  ['Cannot send a code for a redemption that is REDEEMED', 'Tidak dapat mengirim kode untuk penukaran yang berstatus REDEEMED'],
  ['Cannot check a code for a redemption that is ON_WEB2', 'Tidak dapat memeriksa kode untuk penukaran yang berstatus ON_WEB2'],
  ['Cannot approve a redemption that is REJECTED', 'Tidak dapat menyetujui penukaran yang berstatus REJECTED'],
  ['Cannot reject a redemption that is REDEEMED', 'Tidak dapat menolak penukaran yang berstatus REDEEMED'],
  ['Cannot reset a redemption that is PREPARATION', 'Tidak dapat mengatur ulang penukaran yang berstatus PREPARATION'],
  [
    'Cannot approve: not enough pieces in the vault: 5 g (3 requested, 1 available)',
    'Tidak dapat menyetujui: keping di brankas tidak cukup: 5 g (3 requested, 1 available)',
  ],
  [
    "Cannot approve: the customer's eKYC status is PENDING; gold is handed over only to customers whose eKYC is VERIFIED",
    'Tidak dapat menyetujui: status eKYC pelanggan PENDING; emas hanya diserahkan kepada pelanggan dengan eKYC VERIFIED',
  ],
  [
    'A code was sent less than 60 seconds ago: wait 42 s before sending another',
    'Kode terkirim kurang dari 60 detik yang lalu: tunggu 42 detik sebelum mengirim lagi',
  ],
  ['Wrong code: 1 try left', 'Kode salah: sisa 1 percobaan'],
  ['Wrong code: 4 tries left', 'Kode salah: sisa 4 percobaan'],
  ['The code was entered wrongly 5 times: send a new code', 'Kode salah dimasukkan 5 kali: kirim kode baru'],
  ['The code has expired (codes are valid 10 minutes): send a new one', 'Kode sudah kedaluwarsa (kode berlaku 10 menit): kirim kode baru'],
  [
    'At most 2 exports at once per session: wait for one to finish, then try again',
    'Paling banyak 2 ekspor sekaligus per sesi: tunggu salah satunya selesai, lalu coba lagi',
  ],
  [
    'At most 5 event streams at once per session: close another tab of the console, then try again',
    'Paling banyak 5 aliran event sekaligus per sesi: tutup tab konsol yang lain, lalu coba lagi',
  ],
  ['This credential lacks the redemptions scope', 'Kredensial ini tidak memiliki cakupan redemptions'],
  ['Credential 3 not found', 'Kredensial 3 tidak ditemukan'],
  ['Credential 3 is already revoked', 'Kredensial 3 sudah dicabut'],
  [
    'Idempotency-Key order-42 was already used with another request: use a new key for a new request',
    'Idempotency-Key order-42 sudah dipakai untuk permintaan lain: gunakan kunci baru untuk permintaan baru',
  ],
  [
    'A request with Idempotency-Key order-42 is still being processed: try again shortly',
    'Permintaan dengan Idempotency-Key order-42 masih diproses: coba lagi sebentar lagi',
  ],
  ['nik is already used by another record', 'nik sudah dipakai oleh data lain'],
  ['Customer 7 not found', 'Pelanggan 7 tidak ditemukan'],
  ['Purchase 12 not found', 'Pembelian 12 tidak ditemukan'],
  [
    'Purchase 12 is already linked to 0x5f0c6e1d2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e',
    'Pembelian 12 sudah ditautkan ke 0x5f0c6e1d2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e',
  ],
  [
    "Cannot request: customer 7's KYC is PENDING, not VERIFIED",
    'Tidak dapat mengajukan permintaan: status KYC pelanggan 7 adalah PENDING, bukan VERIFIED',
  ],
  ['Cannot request: customer 7 has no wallet', 'Tidak dapat mengajukan permintaan: pelanggan 7 tidak memiliki dompet'],
  // The reason itself (the counter's hours, the vault's pieces) is passed on as the server wrote it.
  ['Cannot request: the appointment must be within 180 days', 'Tidak dapat mengajukan permintaan: the appointment must be within 180 days'],
  [
    'Cannot cancel: redemption 31 is PREPARATION; only a REQUESTED one can be cancelled',
    'Tidak dapat membatalkan: penukaran 31 berstatus PREPARATION; hanya penukaran REQUESTED yang dapat dibatalkan',
  ],
  ['Webhook subscription 2 not found', 'Langganan webhook 2 tidak ditemukan'],
  ['Webhook delivery msg_01J9 not found', 'Pengiriman webhook msg_01J9 tidak ditemukan'],
  ['Webhook delivery msg_01J9 is already waiting to be sent', 'Pengiriman webhook msg_01J9 sudah menunggu untuk dikirim'],
  ['query: page needs limit', 'query: page memerlukan limit'],
  [
    validationMessage('body', setRedemptionLimitBody.safeParse({ newlimit: 7 })),
    'body.newlimit: newlimit harus salah satu dari 5, 10, 25, 100, 250, 500, 1000',
  ],
  [validationMessage('body', rejectRedemptionBody.safeParse({ id: 3, reason: ' ' })), 'body.reason: reason wajib diisi'],
  [
    validationMessage('body', rejectRedemptionBody.safeParse({ id: 3, reason: 'x'.repeat(501) })),
    'body.reason: reason maksimal 500 karakter',
  ],
  [
    validationMessage('body', rejectRedemptionBody.safeParse({ id: 3, reason: 'bad\u0000byte' })),
    'body.reason: reason harus berupa teks biasa (tanpa karakter kontrol)',
  ],
  [
    'query.addresses: addresses must list at most 50 wallet addresses, not 51',
    'query.addresses: addresses paling banyak berisi 50 alamat dompet, bukan 51',
  ],
  ['query.addresses: addresses must list at most 50 wallet addresses', 'query.addresses: addresses paling banyak berisi 50 alamat dompet'],
  [
    'query.addresses: addresses must list wallet addresses separated by commas (entry 2 is empty)',
    'query.addresses: addresses harus berisi alamat dompet yang dipisahkan koma (entri 2 kosong)',
  ],
  [
    'query.addresses: addresses entry 3 is not a wallet address (0x and 40 hex digits)',
    'query.addresses: entri addresses 3 bukan alamat dompet (0x dan 40 digit heksadesimal)',
  ],
  ['query.from: from must be a date (YYYY-MM-DD)', 'query.from: from harus berupa tanggal (YYYY-MM-DD)'],
  ['body.denom: denom must be at most 100000 grams', 'body.denom: denom maksimal 100000 gram'],
  ['body.amount: amount must be a whole number', 'body.amount: amount harus berupa bilangan bulat'],
  ['body.amount: amount must be positive', 'body.amount: amount harus positif'],
  ['query.days: days must be at least 1', 'query.days: days minimal 1'],
  ['body.amount: amount must be at most 100000', 'body.amount: amount maksimal 100000'],
  [
    'body.paidAt: paidAt must be an ISO 8601 date and time with its offset',
    'body.paidAt: paidAt harus berupa tanggal dan waktu ISO 8601 beserta selisih zona waktunya',
  ],
  [
    validationMessage('body', checkOtpBody.safeParse({ id: 'x', otp: '123456' })),
    'body.id: Masukan tidak valid: seharusnya number, diterima string',
  ],
  ['body.status: Invalid input: expected "Activated"', 'body.status: Masukan tidak valid: seharusnya "Activated"'],
  [
    'query.sort: Invalid option: expected one of "createdAt"|"total"',
    'query.sort: Pilihan tidak valid: seharusnya salah satu dari "createdAt"|"total"',
  ],
  ['body.name: Too big: expected string to have <=100 characters', 'body.name: Terlalu panjang: paling banyak 100 karakter'],
  ['body.ids: Too big: expected array to have <=50 items', 'body.ids: Terlalu banyak: paling banyak 50 butir'],
  ['body.id: Too big: expected number to be <=2147483647', 'body.id: Terlalu besar: paling besar 2147483647'],
  ['body.ratio: Too big: expected number to be <1', 'body.ratio: Terlalu besar: harus kurang dari 1'],
  ['body.list: Too big: expected set to have <=3 items', 'body.list: Terlalu besar: seharusnya set to have <=3 items'],
  ['body.name: Too small: expected string to have >=1 characters', 'body.name: Terlalu pendek: paling sedikit 1 karakter'],
  ['body.ids: Too small: expected array to have >=1 items', 'body.ids: Terlalu sedikit: paling sedikit 1 butir'],
  ['query.limit: Too small: expected number to be >=1', 'query.limit: Terlalu kecil: paling kecil 1'],
  ['body.id: Too small: expected number to be >0', 'body.id: Terlalu kecil: harus lebih dari 0'],
  ['body.list: Too small: expected set to have >=1 items', 'body.list: Terlalu kecil: seharusnya set to have >=1 items'],
  ['body.code: Invalid string: must match pattern /^\\d{6}$/', 'body.code: Teks tidak valid: harus sesuai pola /^\\d{6}$/'],
  ['body.step: Invalid number: must be a multiple of 5', 'body.step: Angka tidak valid: harus kelipatan 5'],
  [validationMessage('body', checkOtpBody.safeParse({ id: 1, otp: '123456', extra: 1 })), 'body: Kunci tidak dikenal: "extra"'],
  ['body: Unrecognized keys: "a", "b"', 'body: Kunci-kunci tidak dikenal: "a", "b"'],
  ["body.type: Invalid discriminator value. Expected 'a' | 'b'", "body.type: Nilai pembeda tidak valid. Seharusnya 'a' | 'b'"],
  ['body.url: Invalid URL', 'body.url: URL tidak valid'],
  // Custody (issue 32): roles, the vault ledger, four eyes, the counter's identity check.
  ['Confirmation 41 not found', 'Konfirmasi 41 tidak ditemukan'],
  ['Cannot decline confirmation 41: it is withdrawn already', 'Tidak dapat memproses konfirmasi 41: statusnya sudah withdrawn'],
  [
    'Cannot confirm confirmation 41: you proposed it; another admin must confirm it (four eyes)',
    'Tidak dapat memproses konfirmasi 41: Anda yang mengusulkannya; admin lain harus memutuskannya (empat mata)',
  ],
  ['Confirmation 41 names no redemption', 'Konfirmasi 41 tidak menyebut penukaran'],
  [
    'Cannot withdraw confirmation 41: only the admin who proposed it may withdraw it',
    'Tidak dapat menarik kembali konfirmasi 41: hanya admin yang mengusulkannya yang boleh menariknya kembali',
  ],
  ['body.locationId: a Teller needs a vault location', 'body.locationId: Teller memerlukan lokasi brankas'],
  [
    'body.locationId: only a Teller has a vault location (a Teller works at every location)',
    'body.locationId: hanya Teller yang memiliki lokasi brankas (Teller bekerja di semua lokasi)',
  ],
  ['body.locationId: vault location 41 does not exist', 'body.locationId: lokasi brankas 41 tidak ada'],
  ['You cannot change your own role', 'Anda tidak dapat mengubah peran Anda sendiri'],
  [
    'Cannot change or deactivate the last active Administrator: make another admin an Administrator first',
    'Tindakan ini tidak dapat dilakukan pada Administrator aktif terakhir: jadikan admin lain Administrator terlebih dahulu',
  ],
  [
    'body.reauth.code: enter a code from your authenticator app (or a recovery code)',
    'body.reauth.code: masukkan kode dari aplikasi autentikator Anda (atau kode pemulihan)',
  ],
  [
    'body.reauth.code: the code is not valid (a code is accepted once: wait for the next one)',
    'body.reauth.code: kode tidak valid (satu kode hanya diterima sekali: tunggu kode berikutnya)',
  ],
  [
    'Cannot confirm the hand-over: redemption 41 is REJECTED, no longer PREPARATION',
    'Tidak dapat mengonfirmasi penyerahan: penukaran 41 berstatus REJECTED, bukan lagi PREPARATION',
  ],
  [
    "Cannot confirm the hand-over: the customer's eKYC status is PENDING; gold is handed over only to customers whose eKYC is VERIFIED",
    'Tidak dapat melanjutkan: status eKYC pelanggan PENDING; emas hanya diserahkan kepada pelanggan dengan eKYC VERIFIED',
  ],
  [
    'Cannot approve: no identity document has been checked at the counter for this redemption: record the check first',
    'Tidak dapat melanjutkan: belum ada dokumen identitas yang diperiksa di loket untuk penukaran ini: catat pemeriksaannya terlebih dahulu',
  ],
  [
    'Redemption 41 is collected at SBY-01 (Surabaya branch vault); you serve the counter at JKT-01 only',
    'Penukaran 41 diambil di SBY-01 (Surabaya branch vault); Anda hanya melayani loket di JKT-01',
  ],
  [
    'Cannot reject redemption 41: its hand-over waits for a second admin (confirmation 9, proposed by Dewi Lestari); it must be confirmed, declined or withdrawn first',
    'Tidak dapat memproses penukaran 41: penyerahannya menunggu admin kedua (konfirmasi 9, diusulkan oleh Dewi Lestari); konfirmasi itu harus dikonfirmasi, ditolak, atau ditarik kembali terlebih dahulu',
  ],
  [
    'Cannot reset redemption 41: not enough unreserved pieces at SBY-01: 10 g (1 requested, 0 unreserved)',
    'Tidak dapat mengatur ulang penukaran 41: keping yang belum dipesan di SBY-01 tidak cukup: 10 g (1 requested, 0 unreserved)',
  ],
  [
    "Cannot approve: no final escrow deposit of the customer's tokens is held for redemption 41",
    'Tidak dapat menyetujui: tidak ada deposit eskrow final token nasabah yang ditahan untuk penukaran 41',
  ],
  [
    '10 g is not a denomination of the vault: add it on the Denoms List first',
    '10 g bukan denominasi brankas: tambahkan dulu di Daftar Denominasi',
  ],
  ['No piece with id 404, 405', 'Tidak ada keping dengan id 404, 405'],
  ['pieceIds lists 404 more than once', 'pieceIds mencantumkan 404 lebih dari sekali'],
  ['Cannot receive: serial ANTM-0001 is in the ledger already', 'Tidak dapat menerima: nomor seri ANTM-0001 sudah ada di buku besar'],
  ['Cannot write off: ANTM-0002 is written off', 'Tidak dapat menghapusbukukan: ANTM-0002 is written off'],
  ['Cannot transfer: ANTM-0002 is handed over', 'Tidak dapat memindahkan: ANTM-0002 is handed over'],
  ['Cannot transfer: ANTM-0001 is at SBY-01 already', 'Tidak dapat memindahkan: ANTM-0001 sudah berada di SBY-01'],
  [
    'Cannot count: not a 10 g piece of SBY-01 in the ledger (it comes in by a receipt or a transfer): ANTM-0007, ANTM-0008',
    'Tidak dapat menghitung: bukan keping 10 g milik SBY-01 di buku besar (keping masuk melalui penerimaan atau pemindahan): ANTM-0007, ANTM-0008',
  ],
  [
    'The count matches the ledger: 3 × 10 g at SBY-01, nothing to adjust',
    'Hitungan sesuai dengan buku besar: 3 × 10 g di SBY-01, tidak ada yang perlu disesuaikan',
  ],
  [
    'Cannot confirm: it would leave fewer pieces than open redemptions reserve: 10 g at JKT-01 (1 left, 2 reserved)',
    'Tidak dapat mengonfirmasi: keping yang tersisa akan lebih sedikit daripada yang dipesan penukaran terbuka: 10 g at JKT-01 (1 left, 2 reserved)',
  ],
  ['Cannot confirm: serial ANTM-0001 is in the ledger already', 'Tidak dapat mengonfirmasi: nomor seri ANTM-0001 sudah ada di buku besar'],
  ['Cannot confirm: ANTM-0002 is handed over', 'Tidak dapat mengonfirmasi: ANTM-0002 is handed over'],
  ['Cannot confirm: ANTM-0001 is at SBY-01 already', 'Tidak dapat mengonfirmasi: ANTM-0001 sudah berada di SBY-01'],
  [
    'Cannot confirm: the ledger changed since the count (10 g at JKT-01 (1 left, 2 reserved)): count again',
    'Tidak dapat mengonfirmasi: buku besar berubah sejak penghitungan (10 g at JKT-01 (1 left, 2 reserved)): hitung ulang',
  ],
  [
    'Cannot hand over: redemption 41 has pieces handed over already',
    'Tidak dapat menyerahkan: penukaran 41 sudah memiliki keping yang diserahkan',
  ],
  ['Redemption 41 has no pieces', 'Penukaran 41 tidak memiliki keping'],
  [
    "Cannot hand over: not enough pieces at the redemption's location: 10 g at JKT-01 (1 left, 2 reserved)",
    'Tidak dapat menyerahkan: keping di lokasi penukaran tidak cukup: 10 g at JKT-01 (1 left, 2 reserved)',
  ],
  ['Cannot hand over: the pieces of redemption 41 changed meanwhile', 'Tidak dapat menyerahkan: keping penukaran 41 berubah sementara itu'],
  ['Vault location 41 not found', 'Lokasi brankas 41 tidak ditemukan'],
  ['A vault location with code SBY-01 exists already', 'Lokasi brankas dengan kode SBY-01 sudah ada'],
  [
    "Cannot approve: not enough pieces at the redemption's location: 10 g at JKT-01 (1 left, 2 reserved)",
    'Tidak dapat menyetujui: keping di lokasi penukaran tidak cukup: 10 g at JKT-01 (1 left, 2 reserved)',
  ],
  [
    'body.code: code must be 2 to 16 capital letters, digits or dashes',
    'body.code: kode harus 2 sampai 16 huruf kapital, angka, atau tanda hubung',
  ],
  [
    'body.pieces.0.serial: serial must be 3 to 40 letters, digits, dots, slashes or dashes',
    'body.pieces.0.serial: nomor seri harus 3 sampai 40 huruf, angka, titik, garis miring, atau tanda hubung',
  ],
  ['body.pieces.0.fineness: fineness must be below 1000', 'body.pieces.0.fineness: kadar harus di bawah 1000'],
  ['body.pieces: pieces must list at least one piece', 'body.pieces: pieces harus mencantumkan setidaknya satu keping'],
  ['body.pieces: pieces must list at most 1000 pieces', 'body.pieces: pieces harus mencantumkan paling banyak 1000 keping'],
  ['body.pieceIds: pieceIds must list at least one piece', 'body.pieceIds: pieceIds harus mencantumkan setidaknya satu keping'],
  ['body.pieceIds: pieceIds must list at most 1000 pieces', 'body.pieceIds: pieceIds harus mencantumkan paling banyak 1000 keping'],
  [
    'body.countedSerials: countedSerials must list at most 100000 serials',
    'body.countedSerials: countedSerials harus mencantumkan paling banyak 100000 nomor seri',
  ],
  [
    'body.last4: last4 must be the last 4 letters or digits of the document number',
    'body.last4: last4 harus berupa 4 huruf atau angka terakhir nomor dokumen',
  ],
  [
    'Cannot record an identity check for a redemption that is REDEEMED',
    'Tidak dapat mencatat pemeriksaan identitas untuk penukaran yang berstatus REDEEMED',
  ],
  [
    "Cannot record an identity check for a redemption that is REQUESTED: the customer's tokens are not yet in escrow at final depth; it moves to PREPARATION when they are",
    'Tidak dapat mencatat pemeriksaan identitas untuk penukaran yang berstatus REQUESTED: token nasabah belum berada di eskrow secara final; penukaran berpindah ke PREPARATION setelah itu',
  ],
  [
    "Your role (Auditor) may not move stock or work the counter (one-time codes, identity checks, hand-overs): it needs the 'stock' or 'counter' permission",
    "Peran Anda (Auditor) tidak mengizinkan tindakan ini: diperlukan izin 'stock' or 'counter'",
  ],
  [
    "Your role (Teller) may not read the back office: it needs the 'read' permission",
    "Peran Anda (Teller) tidak boleh membaca back office: diperlukan izin 'read'",
  ],
  [
    "Your role (Teller) may not work the counter (one-time codes, identity checks, hand-overs): it needs the 'counter' permission",
    "Peran Anda (Teller) tidak boleh melayani loket (kode sekali pakai, pemeriksaan identitas, penyerahan): diperlukan izin 'counter'",
  ],
  [
    "Your role (Teller) may not move stock: it needs the 'stock' permission",
    "Peran Anda (Teller) tidak boleh memindahkan stok: diperlukan izin 'stock'",
  ],
  [
    "Your role (Teller) may not confirm another admin's action: it needs the 'confirm' permission",
    "Peran Anda (Teller) tidak boleh mengonfirmasi tindakan admin lain: diperlukan izin 'confirm'",
  ],
  [
    "Your role (Teller) may not move tokens by hand (refunds, retries): it needs the 'settlement' permission",
    "Peran Anda (Teller) tidak boleh memindahkan token secara manual (pengembalian, pengulangan): diperlukan izin 'settlement'",
  ],
  [
    "Your role (Teller) may not export data: it needs the 'export' permission",
    "Peran Anda (Teller) tidak boleh mengekspor data: diperlukan izin 'export'",
  ],
  [
    "Your role (Teller) may not read the audit log: it needs the 'audit' permission",
    "Peran Anda (Teller) tidak boleh membaca log audit: diperlukan izin 'audit'",
  ],
  [
    "Your role (Teller) may not manage admins: it needs the 'admins' permission",
    "Peran Anda (Teller) tidak boleh mengelola admin: diperlukan izin 'admins'",
  ],
  [
    "Your role (Teller) may not change settings and credentials: it needs the 'settings' permission",
    "Peran Anda (Teller) tidak boleh mengubah pengaturan dan kredensial: diperlukan izin 'settings'",
  ],
];

const templateKeys = Object.keys(serverCatalogue).filter((key) => key.includes('{{'));

/** The first catalogue key a message matches, as translateServerMessage looks for it. */
function catalogueKeyOf(message: string): string | undefined {
  if (message in serverCatalogue) return message;
  return templateKeys.find((key) => {
    const parts = key.split(/\{\{\s*\w+\s*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.+?')}$`, 's').test(message);
  });
}

describe('server messages in Indonesian', () => {
  beforeAll(async () => {
    // Only the server catalogue: an entry found means server.json or server-console.json has it, not another feature's file.
    i18n.addResourceBundle('id', 'translation', serverCatalogue, true, true);
    await i18n.changeLanguage('id');
  });

  afterAll(async () => {
    i18n.removeResourceBundle('id', 'translation');
    await i18n.changeLanguage('en');
  });

  it('turns each catalogued template into Indonesian with the figures of the real message', () => {
    for (const [english, indonesian] of examples) expect(shown(english, 400)).toBe(indonesian);
    // Every template of the catalogue is proved by one of the examples (a field problem counts by its text).
    const keyOfPart = (part: string) => catalogueKeyOf(part.replace(/^[\w.[\]-]+: /s, '')) ?? catalogueKeyOf(part);
    const used = new Set(examples.flatMap(([english]) => english.split(/; (?=[\w.[\]-]+: )/).map(keyOfPart)));
    expect(templateKeys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('translates a 400 naming several fields problem by problem, keeping each field path', () => {
    const message = validationMessage(
      'body',
      addAdminBody.safeParse({ fullname: ' ', email: 'not-an-email', password: 'short', phoneNumber: '' }),
    );
    expect(message.split('; ').length).toBeGreaterThan(1);
    const translated = shown(message, 400);
    expect(translated.split('; ')).toHaveLength(message.split('; ').length);
    expect(translated).toContain('body.fullname: fullname wajib diisi');
    expect(translated).toContain('body.email: email harus berupa alamat email');
    expect(translated).toContain('body.password: kata sandi minimal 12 karakter');
  });

  it('keeps a message nobody catalogued as the server wrote it, and English as it is', async () => {
    expect(shown('body.x: something new went wrong; and more')).toBe('body.x: something new went wrong; and more');
    expect(shown('Two-factor sign-in is already on; another admin can reset it')).toBe(
      'Masuk dua faktor sudah aktif; admin lain dapat mengatur ulangnya',
    );
    expect(errorMessage(new Error('boom'))).toBe('Server mengirim jawaban yang tidak dapat dibaca konsol.');
    await i18n.changeLanguage('en');
    expect(shown('Redemption 31 not found')).toBe('Redemption 31 not found');
    expect(errorMessage(new Error('boom'))).toBe('The server sent an answer the console cannot read.');
    await i18n.changeLanguage('id');
  });

  it('translates every refusal of the redemption lifecycle', () => {
    for (const action of redemptionActions)
      for (const status of redemptionStatuses) {
        const refusal = redemptionRefusal(action, status);
        if (refusal) expect(shown(refusal), refusal).not.toBe(refusal);
        if (refusal) expect(shown(refusal)).toContain(status);
      }
  });
});
