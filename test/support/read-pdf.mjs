// Reads a PDF from stdin and prints {text, pages, images} as JSON. A child process because unpdf
// loads PDF.js with a dynamic import, which Jest's VM cannot run. Images are counted with pdf-lib
// from the pages' resources (PDF.js's operator lists need a newer Node).
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const bytes = new Uint8Array(Buffer.concat(chunks));
const { text, totalPages } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });

const pdf = await PDFDocument.load(bytes);
let images = 0;
for (const page of pdf.getPages()) {
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = pdf.context.lookup(ref);
    if (stream?.dict?.get(PDFName.of('Subtype')) === PDFName.of('Image')) images++;
  }
}
process.stdout.write(JSON.stringify({ text, pages: totalPages, images }));
