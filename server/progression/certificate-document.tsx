import QRCode from 'qrcode';
import type { Certificate } from './certificate-schema';

/*
 * The printed certificate (DESIGN-MODULES A.3): an A4 page with what the public verification
 * also shows, and a QR code of the verification page. React renders it, so every value the
 * school or the student typed is escaped.
 */

const KIND_LABELS: Record<Certificate['kind'], string> = {
  level: 'Level certificate',
  course: 'Course certificate',
  competition: 'Competition certificate',
  badge: 'Badge certificate',
  other: 'Certificate',
};

const STYLE = `
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Georgia, 'Times New Roman', serif; color: #1f2933; background: #f3f4f6; }
.sheet { width: 210mm; min-height: 297mm; margin: 0 auto; padding: 22mm 20mm; background: #fff;
  display: flex; flex-direction: column; align-items: center; text-align: center;
  border: 6mm solid #fff; outline: 1.5mm solid #7c5a2a; outline-offset: -10mm; position: relative; }
.school { font-size: 16pt; letter-spacing: 0.08em; text-transform: uppercase; margin-top: 10mm; }
.kind { font-size: 11pt; color: #52606d; margin-top: 4mm; }
h1 { font-size: 30pt; margin: 18mm 0 6mm; font-weight: normal; }
.presented { font-size: 12pt; color: #52606d; }
.holder { font-size: 26pt; margin: 6mm 0 8mm; border-bottom: 0.4mm solid #7c5a2a; padding: 0 10mm 2mm; }
.description { font-size: 12pt; max-width: 140mm; white-space: pre-line; }
.dates { margin-top: 12mm; font-size: 11pt; }
.signature { margin-top: 18mm; font-size: 12pt; min-width: 70mm; border-top: 0.3mm solid #1f2933; padding-top: 2mm; }
.verify { margin-top: auto; display: flex; align-items: center; gap: 6mm; font-family: system-ui, sans-serif; font-size: 9pt; text-align: left; }
.verify svg { width: 32mm; height: 32mm; }
.code { font-family: ui-monospace, monospace; font-size: 12pt; letter-spacing: 0.1em; }
.revoked { position: absolute; top: 120mm; left: 0; right: 0; font-size: 48pt; color: rgba(185, 28, 28, 0.35);
  transform: rotate(-20deg); font-family: system-ui, sans-serif; font-weight: bold; }
@media print { body { background: #fff; } .sheet { margin: 0; } }
`;

/** The certificate as a print page (`text/html`), its QR code pointing at `verify_url`. */
export async function certificateDocument(
  certificate: Certificate,
  schoolName: string,
): Promise<string> {
  const qr = await QRCode.toString(certificate.verify_url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
  });
  const page = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`${certificate.title}: ${certificate.holder_name}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main className="sheet">
          <div className="school">{schoolName}</div>
          <div className="kind">{KIND_LABELS[certificate.kind]}</div>
          <h1>{certificate.title}</h1>
          <div className="presented">is awarded to</div>
          <div className="holder">{certificate.holder_name}</div>
          {certificate.description && <p className="description">{certificate.description}</p>}
          <div className="dates">
            Issued on {certificate.issued_on}
            {certificate.valid_until && <> · valid until {certificate.valid_until}</>}
          </div>
          {certificate.signed_by_name && (
            <div className="signature">{certificate.signed_by_name}</div>
          )}
          {certificate.status === 'revoked' && <div className="revoked">REVOKED</div>}
          <div className="verify">
            <div dangerouslySetInnerHTML={{ __html: qr }} />
            <div>
              Check this certificate at
              <br />
              <strong>{certificate.verify_url}</strong>
              <br />
              Code <span className="code">{certificate.code}</span>
            </div>
          </div>
        </main>
      </body>
    </html>
  );
  // Imported when used, as react-email does: Next refuses a static import of react-dom/server
  // in its server bundle, which this file (an API answer, not a component) is part of.
  const { renderToStaticMarkup } = await import('react-dom/server');
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
