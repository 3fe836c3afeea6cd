import { CodeForm } from './code-form';

/** The public certificate check, for a code typed by hand (the QR code opens /verify/{code}). */
export default function VerifyPage() {
  return (
    <main className="mx-auto max-w-xl p-4">
      <h1>Check a certificate</h1>
      <p>Type the code printed under the certificate&apos;s QR code.</p>
      <CodeForm />
    </main>
  );
}
