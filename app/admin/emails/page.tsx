import { registry } from '@/server/modules';
import { EmailPreviews } from './email-previews';

/** The e-mail kinds of every registered module, with their labels, for the previews page. */
export default function EmailPreviewsPage() {
  const kinds = registry.emailKinds.map((kind) => ({
    kind,
    label: registry.emailTemplates[kind].label,
  }));
  return <EmailPreviews kinds={kinds} />;
}
