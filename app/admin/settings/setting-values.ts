/** A setting as GET /admin/settings/group/{group} answers it. */
export type SettingValue = boolean | string | number | null;
export type Setting = {
  key: string;
  group: string;
  name: string;
  value: SettingValue;
  type: 'boolean' | 'string' | 'integer' | 'email';
  nullable: boolean;
  description: string;
};

/** What a control holds while it is edited: a switch's state or the text typed. */
export type Draft = boolean | string;

/** The control's content for a stored value. */
export function draftOf(setting: Setting): Draft {
  if (setting.type === 'boolean') return setting.value === true;
  return setting.value === null ? '' : String(setting.value);
}

/**
 * The value to send for what a control holds: a whole number for a number field, null for an
 * emptied optional text. Anything else goes as typed, and the server's 422 says what is wrong.
 */
export function valueOf(setting: Setting, draft: Draft): SettingValue {
  if (typeof draft === 'boolean') return draft;
  const text = draft.trim();
  if (setting.type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : text || null;
  return text === '' && setting.nullable ? null : text;
}
