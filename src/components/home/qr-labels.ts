/** The QR scanner's strings, translated on the server (join-card.tsx) and shared by its two halves. */
export type QrScanLabels = Record<"scan" | "scanTitle" | "scanHelp" | "scanCancel" | "cameraDenied" | "notAGame" | "cameraNeedsHttps", string>;
