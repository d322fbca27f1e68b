import type { PromptPlatform, SuggestedPromptBody, SuggestedPromptView } from '@gw/contracts';

/** The prompt dialog's form model; facets are edited as a list of demo-file paths. */
export interface PromptFormValues {
  title: string;
  mcp: string[];
  instruction: string;
  version: string;
  sort: number | null;
  platform: PromptPlatform[];
  release: boolean;
  facet_files: string[];
  tags: string[];
  result_link: string;
}

export function newPromptValues(): PromptFormValues {
  return { title: '', mcp: [], instruction: '', version: '', sort: 0, platform: [], release: false, facet_files: [], tags: [], result_link: '' };
}

export function promptToValues(p: SuggestedPromptView): PromptFormValues {
  return {
    title: p.title,
    mcp: [...p.mcp],
    instruction: p.instruction,
    version: p.version,
    sort: p.sort,
    platform: [...p.platform],
    release: p.release,
    facet_files: p.facets.map((f) => f.value),
    tags: [...p.tags],
    result_link: p.result_link,
  };
}

const clean = (list: readonly string[]) => [...new Set(list.map((s) => s.trim()).filter(Boolean))];

/** Form values → POST/PUT body: trimmed text and lists, sort an integer, each path a demo-file facet. */
export function valuesToPromptBody(v: PromptFormValues): SuggestedPromptBody {
  return {
    title: v.title.trim(),
    mcp: clean(v.mcp),
    instruction: v.instruction.trim(),
    version: v.version.trim(),
    sort: Number.isFinite(v.sort) ? Math.trunc(v.sort ?? 0) : 0,
    platform: [...new Set(v.platform)],
    release: v.release,
    facets: clean(v.facet_files).map((value) => ({ type: 'demo-file' as const, value })),
    tags: clean(v.tags),
    result_link: v.result_link.trim(),
  };
}
