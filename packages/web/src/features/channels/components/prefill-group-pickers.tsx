import { AutoComplete, Button, Input, Select } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addItemNames, itemNamesOf } from '../../prefill-groups/api/prefill-group-items';
import { prefillGroupQueries } from '../../prefill-groups/api/prefill-groups.queries';
import { notifySuccess, notifyWarning } from '../../../lib/notify';

/** Where prefill groups are managed (admin). */
const PREFILL_GROUPS_PATH = '/prefill-group';

/**
 * "Fill from group" beside the channel's models: picking a model prefill group adds its models that are
 * not chosen yet, after the chosen ones. A link opens the prefill groups in a new tab (the editor keeps its input).
 */
export function PrefillModelsPicker({ value, onChange }: { value: readonly string[]; onChange: (models: string[]) => void }) {
  const { t } = useTranslation('prefillGroups');
  const groups = useQuery(prefillGroupQueries.list('model'));
  const fill = (id: number) => {
    const group = groups.data?.find((g) => g.id === id);
    if (!group) return;
    const { names, added } = addItemNames(value, itemNamesOf(group.items));
    if (added === 0) return notifyWarning(t('picker.nothingNew', { name: group.name }));
    onChange(names);
    notifySuccess(t('picker.filled', { count: added, name: group.name }));
  };
  return (
    <>
      <Select<number>
        size="small"
        value={null}
        placeholder={t('picker.fillModels')}
        aria-label={t('picker.fillModels')}
        loading={groups.isFetching}
        style={{ minWidth: 160 }}
        popupMatchSelectWidth={false}
        notFoundContent={t('picker.noModelGroups')}
        options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${itemNamesOf(g.items).length})` }))}
        onChange={fill}
        data-testid="prefill-models-picker"
      />
      <Button size="small" type="link" icon={<AppstoreOutlined />} href={PREFILL_GROUPS_PATH} target="_blank">
        {t('picker.manage')}
      </Button>
    </>
  );
}

interface PrefillTagInputProps {
  value?: string;
  onChange?: (tag: string) => void;
  id?: string;
  maxLength?: number;
  placeholder?: string;
}

/** The channel's tag as free text, suggesting the tags of the tag prefill groups (grouped by group). */
export function PrefillTagInput({ value, onChange, id, maxLength, placeholder }: PrefillTagInputProps) {
  const { t } = useTranslation('prefillGroups');
  const groups = useQuery(prefillGroupQueries.list('tag'));
  const seen = new Set<string>();
  const options = (groups.data ?? [])
    .map((g) => ({
      label: t('picker.tagGroup', { name: g.name }),
      options: itemNamesOf(g.items)
        .filter((tag) => !seen.has(tag) && Boolean(seen.add(tag)))
        .map((tag) => ({ value: tag, label: tag })),
    }))
    .filter((g) => g.options.length > 0);
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(next: string) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: (input, option) => tagMatches(input, option) }}
    >
      <Input id={id} maxLength={maxLength} placeholder={placeholder} />
    </AutoComplete>
  );
}

/** Suggested tags containing what was typed, ignoring case (group headings have no value and are kept by their tags). */
function tagMatches(input: string, option: unknown): boolean {
  const tag = (option as { value?: unknown } | undefined)?.value;
  return typeof tag === 'string' && tag.toLowerCase().includes(input.trim().toLowerCase());
}

/** The channels toolbar's way to the prefill groups. */
export function PrefillGroupsButton() {
  const { t } = useTranslation('prefillGroups');
  const navigate = useNavigate();
  return (
    <Button icon={<AppstoreOutlined />} onClick={() => void navigate(PREFILL_GROUPS_PATH)}>
      {t('picker.manage')}
    </Button>
  );
}
