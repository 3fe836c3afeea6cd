import { humanize } from '../../components/ui';

/**
 * How the settings page names each setting of server/platform/settings-registry.ts: a label
 * and one line of help for the person who runs the platform, and what the control needs
 * beyond the setting's type. A key missing here still shows, under its humanised name and the
 * registry's description.
 */
export type SettingLabel = {
  label: string;
  help: string;
  /** After a number: `days`. */
  unit?: string;
  /** The registry's bounds of a number, so that the browser's control keeps to them too. */
  min?: number;
  max?: number;
  /** A text of a fixed list, offered as a select. */
  choices?: 'currency';
  /** A long text: a text area. */
  multiline?: boolean;
};

export const SETTING_LABELS: Record<string, SettingLabel> = {
  'general.site_name': {
    label: 'Platform name',
    help: 'Shown at the top of the web app and in every e-mail it sends.',
  },
  'general.support_email': {
    label: 'Support e-mail',
    help: 'Where people are told to write for help. Leave empty to show none.',
  },
  'marketplace.enabled': {
    label: 'Marketplace open',
    help: 'When off, listings, orders and seller pages show the maintenance message instead.',
  },
  'marketplace.maintenance_message': {
    label: 'Maintenance message',
    help: 'Shown while the marketplace is closed. Leave empty for the standard text.',
    multiline: true,
  },
  'marketplace.require_listing_approval': {
    label: 'Review new listings',
    help: 'New listings wait in the moderation queue until an administrator approves them.',
  },
  'marketplace.auto_approve_verified': {
    label: 'Trust verified sellers',
    help: 'Listings of verified schools and studs go live without waiting for review.',
  },
  'marketplace.listing_days': {
    label: 'Listing lifetime',
    help: 'How long a listing stays active after its approval or renewal.',
    unit: 'days',
    min: 1,
    max: 365,
  },
  'marketplace.currency': {
    label: 'Currency',
    help: 'The one currency of every marketplace price.',
    choices: 'currency',
  },
  'marketplace.auto_complete_days': {
    label: 'Order completion',
    help: 'An order completes on its own this many days after delivery.',
    unit: 'days',
    min: 1,
    max: 60,
  },
  'blog.enabled': {
    label: 'Blog published',
    help: 'The public blog is visible to everyone.',
  },
};

/** Headings of the groups (a key's prefix), in the order the page shows them. */
export const GROUP_HEADINGS: Record<string, { heading: string; help: string }> = {
  general: { heading: 'General', help: 'How the platform presents itself.' },
  marketplace: { heading: 'Marketplace', help: 'Buying and selling between members.' },
  blog: { heading: 'Blog', help: 'The public blog.' },
};

/** The label of a key; an unknown one reads as its name: `marketplace.listing_days` → `Listing days`. */
export function labelOf(key: string, description: string): SettingLabel {
  return SETTING_LABELS[key] ?? { label: humanize(key.split('.').pop() ?? key), help: description };
}

export function groupHeading(group: string) {
  return GROUP_HEADINGS[group] ?? { heading: humanize(group), help: '' };
}

/** Known groups first, in their order; unknown ones after them as the server lists them. */
export function orderGroups(groups: string[]): string[] {
  const known = Object.keys(GROUP_HEADINGS);
  const rank = (group: string) => (known.includes(group) ? known.indexOf(group) : known.length);
  return [...groups].sort((a, b) => rank(a) - rank(b));
}
