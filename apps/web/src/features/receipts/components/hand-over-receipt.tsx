import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HandOverReceipt as Receipt } from '@gold/contract';
import { formatDate, formatDateTime, formatTimeSlot, formatTokenAmount, MISSING } from '@/lib/format';
import { ReviewQrCode } from './review-qr-code';

/** The receipt's title: bilingual by design (Indonesian first, as the customer signs it). */
const RECEIPT_TITLE = 'Berita Acara Serah Terima Emas Fisik / Physical Gold Hand-over Receipt';

/** An approval the audit log does not hold (a redemption handed over before it kept them). */
const NOT_RECORDED = 'Tidak tercatat / Not recorded';

/** The identity documents, as the bilingual receipt names them. */
const DOCUMENT_NAMES: Record<NonNullable<Receipt['identityCheck']>['documentType'], string> = {
  KTP: 'KTP',
  PASSPORT: 'Paspor / Passport',
  SIM: 'SIM',
};

/** What the document check prints: type and last 4 only (the rest of the number is never stored). */
function identityDocument(check: Receipt['identityCheck']): string {
  return check ? `${DOCUMENT_NAMES[check.documentType]} ····${check.last4}` : NOT_RECORDED;
}

/**
 * Printing: A4, the console's frame (top bar, menu, breadcrumbs) and the screen's own controls
 * (`data-print="hide"`) left out, so the receipt alone fills one page.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4', margin: '14mm' },
      '@media print': {
        // The frame, the screen's controls, and a notice still on screen ('Redemption Approved Successfully').
        '.MuiAppBar-root, .MuiDrawer-root, .MuiSnackbar-root, [data-print="hide"]': { display: 'none !important' },
        '#main-content > :not(#receipt-page)': { display: 'none !important' },
        // The page's own heading and buttons: the receipt carries its title.
        '#receipt-page section > div:has(> #page-heading)': { display: 'none !important' },
        '#main-content': { padding: '0 !important' },
        'div:has(> #main-content)': { display: 'block !important', minHeight: '0 !important' },
        body: { background: '#fff' },
      },
    }}
  />
);

const cell = { border: '1px solid #999', px: 1, py: 0.5, textAlign: 'left', fontSize: 13 } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="tr">
      <Box component="th" scope="row" sx={{ ...cell, width: '42%', fontWeight: 600, bgcolor: '#f4f1ea' }}>
        {label}
      </Box>
      <Box component="td" sx={cell}>
        {children}
      </Box>
    </Box>
  );
}

function Signature({ role, name }: { role: string; name: string | null }) {
  return (
    <Stack sx={{ flex: 1, alignItems: 'center', textAlign: 'center' }} data-testid="signature-space">
      <Typography sx={{ fontSize: 13, fontWeight: 600 }}>{role}</Typography>
      <Box sx={{ height: 72 }} />
      <Box sx={{ borderTop: '1px solid #333', width: '80%', pt: 0.5 }}>
        <Typography sx={{ fontSize: 13 }}>{name ?? '(..............................)'}</Typography>
      </Box>
    </Stack>
  );
}

/**
 * Every piece that left, by serial. A placeholder serial (generated when counts became pieces, not
 * read off the bar) is marked and explained; a hand-over from before the vault kept pieces says
 * none were recorded rather than leaving an empty table.
 */
function SerialsTable({ serials }: { serials: Receipt['serials'] }) {
  if (serials.length === 0) {
    return (
      <Typography sx={{ fontSize: 13, mb: 2 }} data-testid="receipt-no-serials">
        Nomor seri tidak tercatat untuk penyerahan ini. / No serial numbers were recorded for this hand-over.
      </Typography>
    );
  }
  const anyPlaceholder = serials.some((piece) => piece.placeholder);
  const head = { ...cell, bgcolor: '#f4f1ea' };
  return (
    <Box sx={{ mb: 2 }}>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }} aria-label="Serial numbers handed over">
        <thead>
          <tr>
            <Box component="th" sx={head}>
              Nomor Seri / Serial
            </Box>
            <Box component="th" sx={{ ...head, textAlign: 'right' }}>
              Gram / Grams
            </Box>
            <Box component="th" sx={head}>
              Pemurni / Refiner
            </Box>
            <Box component="th" sx={{ ...head, textAlign: 'right' }}>
              Kadar / Fineness
            </Box>
          </tr>
        </thead>
        <tbody>
          {serials.map((piece) => (
            <tr key={piece.serial} data-testid="receipt-serial">
              <Box component="td" sx={{ ...cell, fontFamily: 'monospace' }}>
                {piece.serial}
                {piece.placeholder ? ' *' : ''}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                {piece.denom} g
              </Box>
              <Box component="td" sx={cell}>
                {piece.refiner}
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                {piece.fineness}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
      {anyPlaceholder ? (
        <Typography sx={{ fontSize: 11, mt: 0.5 }}>
          * Nomor seri sementara, dibuat saat stok dipindahkan ke buku besar, bukan dibaca dari batangan. / Placeholder serial, generated
          when the stock moved to the ledger, not read off the bar.
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The hand-over receipt of a REDEEMED redemption, made to print on one A4 page: the redemption, the
 * customer (NIK masked by the server), each line of pieces and the total grams, the fee, the
 * collection, when the code was checked, who approved (and confirmed) it, where, the identity
 * document checked, the serial of every piece, a QR code of the review page and two
 * signature spaces (the officer who hands over, the customer who receives).
 */
export function HandOverReceipt({ receipt, reviewUrl, product }: { receipt: Receipt; reviewUrl: string; product: string }) {
  return (
    <Box
      component="article"
      aria-labelledby="receipt-title"
      data-testid="hand-over-receipt"
      sx={{ bgcolor: '#fff', color: '#111', maxWidth: 760 }}
    >
      {printStyles}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
        <Box>
          <Typography id="receipt-title" component="h2" sx={{ fontSize: 20, fontWeight: 700, lineHeight: 1.3 }}>
            {RECEIPT_TITLE}
          </Typography>
          <Typography sx={{ fontSize: 14, mt: 0.5 }}>
            No. Penukaran / Redemption ID: <strong>#{receipt.redemptionId}</strong>
          </Typography>
        </Box>
        <Stack sx={{ alignItems: 'center', flexShrink: 0 }}>
          <ReviewQrCode url={reviewUrl} />
          <Typography sx={{ fontSize: 10, maxWidth: 140, textAlign: 'center', wordBreak: 'break-all' }}>{reviewUrl}</Typography>
        </Stack>
      </Stack>

      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', mb: 2 }}>
        <tbody>
          <Row label="Nama Pelanggan / Customer Name">{receipt.customer.fullName}</Row>
          <Row label="NIK">{receipt.customer.nikMasked ?? MISSING}</Row>
          <Row label="Tanggal Pengambilan / Collection Date">{formatDate(receipt.appointmentDate)}</Row>
          <Row label="Jam Pengambilan / Collection Slot">{formatTimeSlot(receipt.timeSlot)}</Row>
          <Row label="Kode Diperiksa / Code Checked">{receipt.codeCheckedAt ? formatDateTime(receipt.codeCheckedAt) : MISSING}</Row>
          <Row label="Disetujui / Approved">{receipt.approvedAt ? formatDateTime(receipt.approvedAt) : NOT_RECORDED}</Row>
          <Row label="Disetujui oleh / Approved by">{receipt.approvedBy?.fullName ?? NOT_RECORDED}</Row>
          <Row label="Dikonfirmasi oleh / Confirmed by">
            {receipt.confirmedBy
              ? `${receipt.confirmedBy.fullName}${receipt.confirmedAt ? `, ${formatDateTime(receipt.confirmedAt)}` : ''}`
              : 'Tidak diperlukan / Not required'}
          </Row>
          <Row label="Lokasi / Location">
            {receipt.location.code} — {receipt.location.name}
          </Row>
          <Row label="Dokumen Identitas / Identity Document">
            <span data-testid="receipt-identity-document">{identityDocument(receipt.identityCheck)}</span>
          </Row>
          <Row label="Diperiksa oleh / Checked by">
            {receipt.identityCheck
              ? `${receipt.identityCheck.checkedBy.fullName}, ${formatDateTime(receipt.identityCheck.checkedAt)}`
              : NOT_RECORDED}
          </Row>
        </tbody>
      </Box>

      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', mb: 2 }} aria-label="Pieces handed over">
        <thead>
          <tr>
            <Box component="th" sx={{ ...cell, bgcolor: '#f4f1ea' }}>
              Kepingan / Pieces
            </Box>
            <Box component="th" sx={{ ...cell, bgcolor: '#f4f1ea', textAlign: 'right' }}>
              Gram / Grams
            </Box>
          </tr>
        </thead>
        <tbody>
          {receipt.pieces.map((piece) => (
            <tr key={piece.denom} data-testid="receipt-piece">
              <Box component="td" sx={cell}>
                {piece.amount} × {piece.denom} g
              </Box>
              <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
                {piece.grams} g
              </Box>
            </tr>
          ))}
          <tr>
            <Box component="th" scope="row" sx={{ ...cell, fontWeight: 700 }}>
              Total
            </Box>
            <Box component="td" sx={{ ...cell, textAlign: 'right', fontWeight: 700 }} data-testid="receipt-total">
              {formatTokenAmount(receipt.totalGrams)} g
            </Box>
          </tr>
          <tr>
            <Box component="th" scope="row" sx={cell}>
              Biaya / Fee
            </Box>
            <Box component="td" sx={{ ...cell, textAlign: 'right' }}>
              {formatTokenAmount(receipt.totalFee)} {product}
            </Box>
          </tr>
        </tbody>
      </Box>

      <SerialsTable serials={receipt.serials} />

      <Typography sx={{ fontSize: 12, mb: 3 }}>
        Emas fisik di atas telah diserahkan dan diterima dalam keadaan baik. / The physical gold above was handed over and received in good
        condition.
      </Typography>

      <Stack direction="row" spacing={4}>
        <Signature role="Diserahkan oleh / Handed over by" name={receipt.approvedBy?.fullName ?? null} />
        <Signature role="Diterima oleh / Received by" name={receipt.customer.fullName} />
      </Stack>
    </Box>
  );
}
