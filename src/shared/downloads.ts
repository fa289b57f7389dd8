// A file offered for download, with its size and SHA-256 (computed at build time by plugins/downloads).
export type DownloadInfo = {file: string; url: string; bytes: number; sha256: string};
