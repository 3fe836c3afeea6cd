import path from 'node:path';
import PDFDocument from 'pdfkit';
import { markdown } from './document';

/*
 * A contract as a PDF (B.7), drawn with pdfkit in DejaVu Sans (embedded, so any name prints
 * and its text can be copied or extracted): the document, watermarked until signed; sealed,
 * with the signatures, the event log and the hashes.
 */

// Found at run time from the project's root: a static `require.resolve` of a .ttf makes the
// Next build try to bundle the font, which it cannot.
const font = (file: string) =>
  path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf', file);
const FONTS = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
  italic: font('DejaVuSans-Oblique.ttf'),
  boldItalic: font('DejaVuSans-BoldOblique.ttf'),
  mono: font('DejaVuSansMono.ttf'),
};
type Font = keyof typeof FONTS;

export type PdfSigner = {
  name: string;
  email: string;
  role: string;
  status: string;
  signedName: string | null;
  signedAt: Date | null;
  /** A PNG data URL. */
  signatureImage: string | null;
};

export type PdfEvent = {
  seq: number;
  type: string;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  occurredAt: Date;
  hash: string;
};

export type ContractPdfInput = {
  studName: string;
  number: string;
  title: string;
  timezone: string;
  /** The document's Markdown, placeholders filled. */
  markdown: string;
  /** Across every page until the contract is signed (`DRAFT`, `NOT SIGNED`). */
  watermark: string | null;
  documentSha256: string | null;
  signers: PdfSigner[];
  /** Given for the sealed PDF: its event log page. */
  events?: PdfEvent[];
};

const MARGIN = 56;
const HEADING_SIZES: Record<string, number> = { h1: 17, h2: 14, h3: 12.5 };

type Run = { text: string; font: Font };

/** The runs of an inline token: bold and italic as fonts, links and images as their text. */
function runsOf(children: ReturnType<typeof markdown.parseInline>[number]['children']): Run[] {
  const runs: Run[] = [];
  let bold = false;
  let italic = false;
  for (const token of children ?? []) {
    const font: Font =
      bold && italic ? 'boldItalic' : bold ? 'bold' : italic ? 'italic' : 'regular';
    if (token.type === 'strong_open' || token.type === 'strong_close') bold = token.nesting === 1;
    else if (token.type === 'em_open' || token.type === 'em_close') italic = token.nesting === 1;
    else if (token.type === 'text') runs.push({ text: token.content, font });
    else if (token.type === 'code_inline') runs.push({ text: token.content, font: 'mono' });
    else if (token.type === 'softbreak') runs.push({ text: ' ', font });
    else if (token.type === 'hardbreak') runs.push({ text: '\n', font });
    else if (token.type === 'image') runs.push({ text: token.content, font });
  }
  return runs.filter((run) => run.text.length > 0);
}

export async function renderContractPdf(input: ContractPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: FONTS.regular,
    info: { Title: `${input.number} ${input.title}`, Author: input.studName },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: input.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const watermark = () => {
    if (!input.watermark) return;
    const { x, y } = doc;
    const { width: w, height: h } = doc.page;
    doc.save().rotate(-35, { origin: [w / 2, h / 2] });
    doc.font('bold').fontSize(60).fillColor('#9ca3af').fillOpacity(0.35);
    doc.text(input.watermark, 0, h / 2 - 30, { width: w, align: 'center', lineBreak: false });
    doc.restore();
    doc.fillColor('#111827').fillOpacity(1);
    doc.x = x;
    doc.y = y;
  };
  doc.on('pageAdded', watermark);
  watermark();

  const write = (runs: Run[], size: number, indent = 0) => {
    if (runs.length === 0) return;
    doc.fontSize(size);
    runs.forEach((run, i) => {
      const options = { width: width - indent, continued: i < runs.length - 1 };
      doc.font(run.font);
      if (i === 0) doc.text(run.text, MARGIN + indent, doc.y, options);
      else doc.text(run.text, options);
    });
  };

  // The heading: stud, title, number.
  doc.fillColor('#6b7280');
  write([{ text: input.studName.toUpperCase(), font: 'regular' }], 9);
  doc.fillColor('#111827').moveDown(0.3);
  write([{ text: input.title, font: 'bold' }], 18);
  doc.fillColor('#6b7280');
  write([{ text: `Contract ${input.number}`, font: 'regular' }], 9);
  doc.fillColor('#111827').moveDown(1.2);

  // The document.
  const lists: { ordered: boolean; next: number }[] = [];
  let quote = 0;
  let row: string[] = [];
  const tokens = markdown.parse(input.markdown, {});
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const indent = lists.length * 16 + quote * 16;
    switch (token.type) {
      case 'heading_open':
        doc.moveDown(0.4);
        write(
          runsOf(tokens[i + 1]!.children).map((run) => ({ ...run, font: 'bold' })),
          HEADING_SIZES[token.tag] ?? 11.5,
          indent,
        );
        doc.moveDown(0.4);
        i += 2;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({
          ordered: token.type === 'ordered_list_open',
          next: Number(token.attrGet('start') ?? 1),
        });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) doc.moveDown(0.5);
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        const marker = list.ordered ? `${list.next++}. ` : '• ';
        // The item's first paragraph carries the marker.
        const inline = tokens.slice(i).find((t) => t.type === 'inline');
        if (inline) inline.meta = { marker };
        break;
      }
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
        quote--;
        break;
      case 'inline': {
        const marker = (token.meta as { marker?: string } | null)?.marker;
        const runs = runsOf(token.children);
        if (tokens[i - 1]?.type === 'th_open' || tokens[i - 1]?.type === 'td_open') {
          row.push(runs.map((r) => r.text).join(''));
          break;
        }
        write(
          marker ? [{ text: marker, font: 'regular' }, ...runs] : runs,
          10.5,
          indent - (marker ? 12 : 0),
        );
        break;
      }
      case 'paragraph_close':
        if (!token.hidden) doc.moveDown(0.6);
        break;
      case 'tr_close':
        write([{ text: row.join('   |   '), font: 'regular' }], 10, indent);
        row = [];
        break;
      case 'table_close':
        doc.moveDown(0.6);
        break;
      case 'fence':
      case 'code_block':
        write([{ text: token.content.replace(/\n$/, ''), font: 'mono' }], 9, indent + 8);
        doc.moveDown(0.6);
        break;
      case 'hr':
        doc
          .moveTo(MARGIN, doc.y)
          .lineTo(MARGIN + width, doc.y)
          .strokeColor('#d1d5db')
          .stroke();
        doc.moveDown(0.8);
        break;
    }
  }

  // The signers, and how each signed.
  doc.moveDown(1);
  write([{ text: 'Signatures', font: 'bold' }], 13);
  doc.moveDown(0.4);
  for (const signer of input.signers) {
    write([{ text: `${signer.name} (${signer.role}), ${signer.email}`, font: 'bold' }], 10.5);
    const state =
      signer.signedName && signer.signedAt
        ? `Signed as “${signer.signedName}” on ${when.format(signer.signedAt)} (${input.timezone}).`
        : `Not signed (${signer.status}).`;
    write([{ text: state, font: 'regular' }], 10);
    if (signer.signatureImage) {
      const png = Buffer.from(
        signer.signatureImage.replace(/^data:image\/png;base64,/, ''),
        'base64',
      );
      doc.image(png, MARGIN, doc.y + 4, { fit: [180, 60] });
      doc.y += 68;
    }
    doc.moveDown(0.8);
  }

  if (input.events) {
    doc.addPage();
    write([{ text: 'Event log', font: 'bold' }], 13);
    write(
      [
        {
          text: 'Each event’s hash is the SHA-256 of the event and of the hash before it, so altering any event breaks every hash after it.',
          font: 'regular',
        },
      ],
      8.5,
    );
    doc.moveDown(0.6);
    for (const event of input.events) {
      const where = [event.ip && `IP ${event.ip}`, event.userAgent].filter(Boolean).join(' · ');
      write(
        [
          { text: `${event.seq}. ${event.type}  `, font: 'bold' },
          { text: `${event.occurredAt.toISOString()}  ${event.actor}`, font: 'regular' },
        ],
        8.5,
      );
      if (where) write([{ text: where, font: 'regular' }], 7.5, 12);
      write([{ text: event.hash, font: 'mono' }], 7, 12);
      doc.moveDown(0.35);
    }
    doc.moveDown(0.8);
    write([{ text: 'Hashes', font: 'bold' }], 11);
    if (input.documentSha256)
      write([{ text: `Document SHA-256: ${input.documentSha256}`, font: 'mono' }], 7.5);
    const last = input.events.at(-1);
    if (last) write([{ text: `Last event hash: ${last.hash}`, font: 'mono' }], 7.5);
  }

  doc.end();
  return done;
}
