/**
 * The counter's scan-to-redeem texts (part of the messages: docs/architecture.md, "Messages"): the
 * caption under the win popup's QR code, the dashboard's scanner and the scan routes' answers.
 * Their own module so the wheel page's first download never carries them: only the popup's lazy QR
 * code and the staff route import it.
 */
export const COUNTER_TEXT = Object.freeze({
  // The win popup, below the product's lines
  qrLabel: 'Code for the counter',
  qrNote: 'Show this code at the counter.',
  qrLoading: 'Preparing your code...',
  qrFailed: 'Your code could not be prepared. Staff can still find your prize by number.',
  // The dashboard's scanner
  scan: 'Scan',
  stopScanning: 'Stop scanning',
  scannerHeading: 'Scan a prize code',
  scannerHint: "Point the camera at the code on the customer's phone.",
  scannerStarting: 'Starting the camera...',
  cameraRefused:
    'The camera is not allowed for this site. Allow it in the browser settings, or search by phone number below.',
  cameraAbsent: 'No camera was found on this device. Search by phone number below.',
  cameraFailed: 'The camera could not be started. Search by phone number below.',
  checking: 'Checking the code...',
  scanFailed: 'The code could not be checked. Please try again.',
  scannedHeading: 'Scanned prize',
  scanAgain: 'Scan another',
  numberLabel: 'Number',
  prizeLabel: 'Prize',
  conditionLabel: 'Condition',
  wonLabel: 'Won',
  validUntilLabel: 'Valid until',
  statusLabel: 'Status',
  noExpiry: 'No expiry',
  readyToClaim: 'Ready to claim',
  redeemedOnBy: (when: string, by: string) => `Redeemed ${when} by ${by}`,
  expiredOn: (when: string) => `Expired ${when}`,
  // API answers of the scan routes
  referenceInvalid: 'This code is not a prize code of this promotion.',
  referenceExpired:
    'This code has expired. Ask the customer to reopen their prize on their phone and scan the new code.',
});

/** A moment as the counter reads it, in digits and the 24-hour clock: 28/11/2026 19:02. */
export function counterTime(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
