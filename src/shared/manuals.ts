// The whole manuals' contract between their three parts: plugins/manuals writes each manual's page and
// `<baseUrl>manuals/manuals.json`; the PDF printer (scripts/manuals-pdf.ts) adds each manual's PDF to that list; the
// manual page's script (static/manuals/manual.js) reads the list and fills the page's PDF link
// (`<a data-manual-pdf hidden>`): its href, size and page count. No step edits another's HTML.
export const MANUALS_DIR = 'manuals';
export const MANUALS_LIST = 'manuals.json';
/** The attribute of the manual page's PDF link, which the page script fills from the list. */
export const MANUAL_PDF_ATTR = 'data-manual-pdf';

export type ManualPdf = {
  /** Site path of the PDF (with the base URL), e.g. /manuals/lowcode.pdf. */
  url: string;
  bytes: number;
  pages: number;
};

export type ManualInfo = {
  key: string;
  title: string;
  /** Site path of the manual's page (with the base URL), e.g. /manuals/lowcode/. */
  page: string;
  /** SHA-256 of everything the printed PDF depends on: the page's HTML and the files it loads (the PDF cache's key). */
  contentHash: string;
  chapters: {id: string; title: string}[];
  /** Set by the printer; absent when the build made no PDF. */
  pdf?: ManualPdf;
};

export type ManualsList = {manuals: ManualInfo[]};
