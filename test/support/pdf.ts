import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The text, page count and embedded image count of a PDF (parsed with unpdf in a child process). */
export function readPdf(pdf: Buffer): { text: string; pages: number; images: number } {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'read-pdf.mjs')], { input: pdf });
  return JSON.parse(out.toString()) as { text: string; pages: number; images: number };
}
